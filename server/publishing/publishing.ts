/**
 * Putting items on the site and taking them off: publish now, schedule, the scheduled publish
 * when its time comes (publishDue, on every instance), unpublish. Each change is one conditional
 * UPDATE, audited in its transaction, so that two people or two instances make it once.
 */
import type { Transaction, Updateable } from "kysely";
import type { ContentKind } from "../../common/published";
import type { ContentFields } from "../../staff-api/publishing";
import { type AuditAction, recordAudit } from "../audit/audit";
import type { DB } from "../db/database";
import type { Database } from "../db/schema";
import type { ContentItemTable } from "../db/schema-publishing";
import { Refused } from "../http/contract-routes";
import { closesAtOf } from "./content-kinds";
import { type ContentItem, revisionFields } from "./content-store";

/** Who acts: a member of staff, or the schedule (null). */
export type Actor = { id: string; email: string } | null;

export const CLOSING_PASSED = "The closing date has passed";
export const CLOSES_BEFORE = "The position closes before that time: choose an earlier one";
export const NOT_ON_SITE = "This item is not on the site";
export const CHANGED_MEANWHILE = "This item changed meanwhile: reload it and try again";

/** One audit entry of publishing, about item `id` of `kind`. */
export function auditContent(
  trx: Transaction<Database>,
  entry: { action: AuditAction; kind: ContentKind; id: string; at: Date; actor: Actor },
  detail: Record<string, unknown>,
) {
  return recordAudit(trx, {
    action: entry.action,
    at: entry.at.toISOString(),
    actor: entry.actor,
    record: { type: entry.kind, id: entry.id },
    detail,
  });
}

/**
 * Revision `revision` of item `id` goes on the site at `at`, its slug recorded for good; only if
 * it is still the latest (and, for the schedule, the item still scheduled). Whether it did.
 */
async function makeLive(
  trx: Transaction<Database>,
  item: { id: string; kind: ContentKind; revision: number },
  fields: ContentFields,
  at: string,
  onlyScheduled: boolean,
): Promise<boolean> {
  let update = trx
    .updateTable("content_items")
    .set((eb) => ({
      status: "published",
      published_revision: item.revision,
      published_slug: fields.slug,
      closes_at: closesAtOf(item.kind, fields),
      publish_at: null,
      published_at: eb.fn.coalesce("published_at", eb.val(at)),
      revision_published_at: at,
      unpublished_at: null,
    }))
    .where("id", "=", item.id)
    .where("revision", "=", item.revision);
  if (onlyScheduled) update = update.where("status", "=", "scheduled");
  const made = await update.executeTakeFirst();
  if (Number(made.numUpdatedRows) !== 1) return false;
  await trx
    .insertInto("content_slugs")
    .values({ kind: item.kind, slug: fields.slug, item_id: item.id, first_published_at: at })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return true;
}

/**
 * Changes the item's row only if its status (and, with `sameRevision`, its latest revision) is
 * still the one it was read with: of two people acting at once, the second gets a 409.
 */
async function changeUnlessChangedMeanwhile(
  trx: Transaction<Database>,
  item: ContentItem,
  change: Updateable<ContentItemTable>,
  { sameRevision }: { sameRevision: boolean },
): Promise<void> {
  let update = trx
    .updateTable("content_items")
    .set(change)
    .where("id", "=", item.id)
    .where("status", "=", item.status);
  if (sameRevision) update = update.where("revision", "=", item.revision);
  const changed = await update.executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) throw new Refused(409, CHANGED_MEANWHILE);
}

/**
 * Publishes the item's latest revision now, or schedules it for `at` (an instant to come; the
 * route refuses one that has passed). A position whose closing time has passed (or comes before
 * `at`) is refused (409).
 */
export async function publishItem(
  trx: Transaction<Database>,
  item: ContentItem,
  { at, now, actor }: { at: Date | null; now: Date; actor: Actor },
): Promise<void> {
  const closesAt = closesAtOf(item.kind, item.fields);
  if (closesAt !== null && closesAt <= now.toISOString()) throw new Refused(409, CLOSING_PASSED);
  if (closesAt !== null && at && closesAt <= at.toISOString()) {
    throw new Refused(409, CLOSES_BEFORE);
  }
  const entry = { kind: item.kind, id: item.id, at: now, actor };
  const detail = { title: item.fields.title, revision: item.revision };
  if (at) {
    await changeUnlessChangedMeanwhile(
      trx,
      item,
      { status: "scheduled", publish_at: at.toISOString() },
      { sameRevision: true },
    );
    await auditContent(
      trx,
      { ...entry, action: "content.scheduled" },
      {
        ...detail,
        at: at.toISOString(),
      },
    );
    return;
  }
  if (!(await makeLive(trx, item, item.fields, now.toISOString(), false))) {
    throw new Refused(409, CHANGED_MEANWHILE);
  }
  await auditContent(trx, { ...entry, action: "content.published" }, detail);
}

/**
 * Takes the item off the site (unpublished, its addresses then answer 410); a scheduled item
 * never published goes back to being a draft. 409 when it is neither on the site nor scheduled.
 */
export async function unpublishItem(
  trx: Transaction<Database>,
  item: ContentItem,
  { now, actor }: { now: Date; actor: Actor },
): Promise<void> {
  if (item.status === "draft" || item.status === "unpublished") {
    throw new Refused(409, NOT_ON_SITE);
  }
  const backToDraft = item.status === "scheduled" && item.publishedRevision === null;
  await changeUnlessChangedMeanwhile(
    trx,
    item,
    backToDraft
      ? { status: "draft", publish_at: null }
      : {
          status: "unpublished",
          published_revision: null,
          publish_at: null,
          unpublished_at: now.toISOString(),
        },
    { sameRevision: false },
  );
  await auditContent(
    trx,
    { action: "content.unpublished", kind: item.kind, id: item.id, at: now, actor },
    { title: item.fields.title, ...(backToDraft ? { wasScheduled: true } : {}) },
  );
}

/**
 * Publishes every scheduled item whose time has come, each with its latest revision, and
 * returns how many. Every instance runs it; the UPDATE's condition (still scheduled, still that
 * revision) lets one of them publish each item, once, and record it once.
 */
export async function publishDue(db: DB, now: Date): Promise<number> {
  const due = await db
    .selectFrom("content_items")
    .select(["id", "kind", "revision", "publish_at"])
    .where("status", "=", "scheduled")
    .where("publish_at", "<=", now.toISOString())
    .execute();
  let published = 0;
  for (const item of due) {
    const made = await db.transaction().execute(async (trx) => {
      const fields = await revisionFields(trx, item, item.revision);
      if (!fields) return false;
      const at = item.publish_at ?? now.toISOString();
      if (!(await makeLive(trx, item, fields, at, true))) return false;
      await auditContent(
        trx,
        { action: "content.published", kind: item.kind, id: item.id, at: now, actor: null },
        { title: fields.title, revision: item.revision, via: "schedule" },
      );
      return true;
    });
    if (made) published += 1;
  }
  return published;
}
