/**
 * Changes to a lead: its status, its owner, its contact details (lead-corrections.ts) and notes,
 * each with a timeline event (lead_events)
 * and an audit entry in one transaction; the first response sets first_response_at (lead_states,
 * migration 0005). A change of status, owner or details must name the lead's version (migration 0013);
 * a note need not, and leaves the version as it is: it cannot undo anyone's change. See
 * docs/decisions/0012-lead-workflow.md, 0023-stale-edits-refused.md and 0032-correcting-a-lead.md.
 */
import { randomUUID } from "node:crypto";
import { type Transaction, sql } from "kysely";
import { emailKey } from "../../../leads/email";
import { NOT_AN_OWNER, mayOwnLeads } from "../../../staff-api/leads";
import { staffName } from "../../../staff-api/admin";
import { type DB, isPostgres } from "../../db/database";
import type { Database, LeadEventKind, LeadStatus } from "../../db/schema";
import { recordAudit } from "../../audit/audit";
import type { Correction } from "../../audit/corrections";
import type { Alerts } from "../../alerts/alerts";
import type { Owner } from "../routing/assign";
import { type OwnerNotice, enqueueOwnerNotice, prepareOwnerNotice } from "../routing/owner-notice";
import { correctLead } from "./lead-corrections";
import { type Actor, type VersionedLead, getLead } from "./lead-detail";
import { type LeadRow, findLeadRow } from "./lead-query";

type Executor = DB | Transaction<Database>;

export class UnknownOwnerError extends Error {
  constructor() {
    super(NOT_AN_OWNER);
  }
}

/** A correction of a lead whose details retention removed: there is no one left to correct. */
export class AnonymisedLeadError extends Error {
  constructor() {
    super(
      "This lead's details were removed under the retention policy: there is nothing to correct.",
    );
  }
}

/**
 * The account a change names as owner, when it may own the lead: an enabled account whose role
 * works leads, or the lead's owner already (whom a change that leaves the owner as it is keeps,
 * even disabled). Null for anyone else.
 */
async function ownerAccount(
  db: Executor,
  address: string,
  currentOwnerId: string | null,
): Promise<Owner | null> {
  const row = await db
    .selectFrom("staff_accounts")
    .select(["id", "email", "name", "role", "disabled_at"])
    .where("email_key", "=", emailKey(address))
    .executeTakeFirst();
  if (!row) return null;
  const mayOwn = row.id === currentOwnerId || (row.disabled_at === null && mayOwnLeads(row.role));
  return mayOwn ? { id: row.id, email: row.email, name: staffName(row) } : null;
}

/**
 * Throws UnknownOwnerError unless `address` is an enabled account that works leads: a change of
 * several leads checks its owner once, before any of them changes, so that it is refused whole.
 */
export async function checkOwner(db: DB, address: string): Promise<void> {
  if (!(await ownerAccount(db, address, null))) throw new UnknownOwnerError();
}

/** What a change of a lead sets: only the fields sent change. */
export interface LeadChangeFields {
  status?: LeadStatus;
  /** An account's address, or null for nobody. */
  owner?: string | null;
  correction?: Correction;
}

/** The lead as it now is, and whether the change was refused for naming an older version. */
export interface LeadChange extends VersionedLead {
  stale: boolean;
}

/**
 * Changes a lead's status, owner and/or contact details (only those sent), with a timeline event and an audit
 * entry for each change, in one transaction, provided the lead is still at a version the change
 * names (`isCurrent`): the check is made on the lead's state row, locked, so two changes naming
 * the same version cannot both be applied. A change of either bumps the version. The first
 * status other than "new" sets first_response_at (once). Returns the lead as it now is, read in
 * that transaction (null when there is no such lead), refused (`stale`) or not; a request that
 * changes nothing, or is refused, still reads it, notes and all, so it is audited as `lead.view`.
 * Throws UnknownOwnerError for an owner who may not own it (ownerAccount).
 */
export async function updateLead(
  db: DB,
  key: string,
  change: LeadChangeFields,
  actor: Actor,
  now: Date,
  isCurrent: (version: string) => boolean,
  /** What tells a new owner the lead is theirs (routing/owner-notice.ts), when not the actor. */
  tell?: { notice: OwnerNotice; alerts: Alerts },
): Promise<LeadChange | null> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await findLeadRow(trx, key);
    if (!row) return null;
    if (row.anonymised_at && Object.keys(change.correction ?? {}).length) {
      throw new AnonymisedLeadError();
    }
    const state = await lockState(trx, row, at);
    const record = { type: "lead", id: key };
    const audit = { at, actor: { id: actor.accountId, email: actor.email }, record };
    const stale = !isCurrent(String(state.version));
    let ownerId: string | null | undefined;
    let owner: Owner | null = null;
    if (stale || change.owner === undefined) ownerId = undefined;
    else if (change.owner === null) ownerId = null;
    else {
      owner = await ownerAccount(trx, change.owner, state.owner_account_id);
      if (!owner) throw new UnknownOwnerError();
      ownerId = owner.id;
    }
    const status = !stale && change.status !== state.status ? change.status : undefined;
    const ownerChanged = ownerId !== undefined && ownerId !== state.owner_account_id;
    const corrected = stale ? null : await correctLead(trx, row, change.correction ?? {});
    if (status === undefined && !ownerChanged && !corrected) {
      await recordAudit(trx, { ...audit, action: "lead.view" });
    } else {
      await trx
        .updateTable("lead_states")
        .set({
          updated_at: at,
          version: sql<number>`version + 1`,
          ...(status !== undefined ? { status } : {}),
          // The first status other than "new" is the first response.
          ...(status !== undefined && status !== "new"
            ? { first_response_at: sql<string>`coalesce(first_response_at, ${at})` }
            : {}),
          ...(ownerChanged ? { owner_account_id: ownerId } : {}),
        })
        .where("lead_type", "=", row.type)
        .where("lead_id", "=", row.id)
        .execute();
    }
    if (status !== undefined) {
      await addEvent(trx, row, actor, at, { kind: "status", from: state.status, to: status });
      const detail = { from: state.status, to: status };
      await recordAudit(trx, { ...audit, action: "lead.status-changed", detail });
    }
    if (ownerChanged) {
      await addEvent(trx, row, actor, at, {
        kind: "owner",
        from: state.owner_account_id,
        to: ownerId ?? null,
      });
      const detail = { from: row.owner_email, to: owner?.email ?? null };
      await recordAudit(trx, { ...audit, action: "lead.owner-changed", detail });
      if (owner && owner.id !== actor.accountId && tell) {
        await enqueueOwnerNotice(trx, tell.notice, owner, {
          alerts: tell.alerts,
          rowId: row.id,
          at,
        });
      }
    }
    if (corrected) {
      const { fields, from, to } = corrected;
      const event = await addEvent(trx, row, actor, at, {
        kind: "corrected",
        from: JSON.stringify(from),
        to: JSON.stringify(to),
      });
      // The values stay in the event, which erasure removes; the log names it for its page.
      await recordAudit(trx, { ...audit, action: "lead.corrected", detail: { fields, event } });
    }
    const lead = await getLead(trx, key, now);
    return lead && { ...lead, stale };
  });
}

/** A member of staff making a change in the console, named in the e-mail a new owner gets. */
export interface ConsoleActor extends Actor {
  name: string;
}

/** How a change made in the console tells a new owner: the e-mail's link, Slack, the outbox. */
export interface OwnerTelling {
  publicUrl: string;
  alerts: Alerts;
  /** Sends what was queued now rather than at the outbox's next round. */
  wake: () => void;
}

/**
 * A change of a lead made in the console (one lead's PATCH, or each lead of a change of several):
 * updateLead, and a new owner other than the one making it told by e-mail (and Slack), the
 * e-mail rendered before the change's transaction opens (on SQLite it holds every other write).
 */
export async function changeLead(
  db: DB,
  key: string,
  change: LeadChangeFields,
  staff: ConsoleActor,
  now: Date,
  isCurrent: (version: string) => boolean,
  telling: OwnerTelling,
): Promise<LeadChange | null> {
  const givenAway = change.owner && emailKey(change.owner) !== emailKey(staff.email);
  const notice = givenAway
    ? await prepareOwnerNotice(db, key, {
        publicUrl: telling.publicUrl,
        by: { name: staffName(staff) },
      })
    : null;
  const tell = notice ? { notice, alerts: telling.alerts } : undefined;
  const actor = { accountId: staff.accountId, email: staff.email };
  const changed = await updateLead(db, key, change, actor, now, isCurrent, tell);
  if (changed && tell) telling.wake();
  return changed;
}

/** Adds a note to a lead (setting first_response_at if unset); false when there is no such lead. */
export async function addNote(
  db: DB,
  key: string,
  text: string,
  actor: Actor,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await findLeadRow(trx, key);
    if (!row) return false;
    await lockState(trx, row, at);
    await trx
      .updateTable("lead_states")
      .set({ first_response_at: sql<string>`coalesce(first_response_at, ${at})`, updated_at: at })
      .where("lead_type", "=", row.type)
      .where("lead_id", "=", row.id)
      .execute();
    await addEvent(trx, row, actor, at, { kind: "note", text });
    // The note's text stays out of the append-only log: erasure could not remove it there.
    await recordAudit(trx, {
      action: "lead.note-added",
      at,
      actor: { id: actor.accountId, email: actor.email },
      record: { type: "lead", id: key },
      detail: { length: text.length },
    });
    return true;
  });
}

/**
 * The lead's state row, created as "new" and unowned if it had none, and locked (PostgreSQL) so
 * that two changes to one lead at once are applied one after the other. Also a reply's
 * (server/leads/replies/send-reply.ts), which may change the status.
 */
export async function lockState(trx: Transaction<Database>, row: LeadRow, at: string) {
  await trx
    .insertInto("lead_states")
    .values({
      lead_type: row.type,
      lead_id: row.id,
      status: "new",
      owner_account_id: null,
      first_response_at: null,
      updated_at: at,
    })
    .onConflict((oc) => oc.columns(["lead_type", "lead_id"]).doNothing())
    .execute();
  let query = trx
    .selectFrom("lead_states")
    .select(["status", "owner_account_id", "version"])
    .where("lead_type", "=", row.type)
    .where("lead_id", "=", row.id);
  if (isPostgres(trx)) query = query.forUpdate();
  return query.executeTakeFirstOrThrow();
}

/** Writes one event of the lead's timeline (actor null: the system's own); answers its id. */
export async function addEvent(
  trx: Transaction<Database>,
  row: Pick<LeadRow, "type" | "id">,
  actor: Pick<Actor, "accountId"> | null,
  at: string,
  event: { kind: LeadEventKind; from?: string | null; to?: string | null; text?: string },
): Promise<string> {
  const id = randomUUID();
  await trx
    .insertInto("lead_events")
    .values({
      id,
      lead_type: row.type,
      lead_id: row.id,
      at,
      actor_account_id: actor?.accountId ?? null,
      kind: event.kind,
      from: event.from ?? null,
      to: event.to ?? null,
      text: event.text ?? null,
    })
    .execute();
  return id;
}
