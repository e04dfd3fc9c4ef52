/**
 * Changes to a lead: its status, its owner and notes, each with a timeline event (lead_events)
 * and an audit entry in one transaction; the first response sets first_response_at (lead_states,
 * migration 0005). See docs/decisions/0012-lead-workflow.md.
 */
import { randomUUID } from "node:crypto";
import { type Transaction, type UpdateObject, sql } from "kysely";
import { emailKey } from "../../../leads/email";
import { type DB, isPostgres } from "../../db/database";
import type { Database, LeadEventKind, LeadStatus } from "../../db/schema";
import { type AuditAction, recordAudit } from "../audit";
import { type Actor, type LeadDetail, getLead } from "./lead-detail";
import { type LeadRow, findLeadRow } from "./lead-query";

type Executor = DB | Transaction<Database>;

export class UnknownOwnerError extends Error {
  constructor() {
    super("owner is not an enabled staff account");
  }
}

/** An enabled staff account by e-mail, or null (for owners). */
export async function enabledAccountByEmail(
  db: Executor,
  address: string,
): Promise<{ id: string; email: string } | null> {
  const row = await db
    .selectFrom("staff_accounts")
    .select(["id", "email"])
    .where("email_key", "=", emailKey(address))
    .where("disabled_at", "is", null)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Changes a lead's status and/or owner, with a timeline event and an audit entry for each change,
 * in one transaction. The first status other than "new" sets first_response_at (once). Returns
 * the lead as it now is, read in that transaction (null when there is no such lead); a request
 * that changes nothing still reads it, notes and all, so it is audited as `lead.view`. Throws
 * UnknownOwnerError for an owner that is not an enabled account.
 */
export async function updateLead(
  db: DB,
  key: string,
  change: { status?: LeadStatus; owner?: string | null },
  actor: Actor,
  now: Date,
): Promise<LeadDetail | null> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await findLeadRow(trx, key);
    if (!row) return null;
    let ownerId: string | null | undefined;
    let ownerEmail: string | null = null;
    if (change.owner === null) ownerId = null;
    else if (change.owner !== undefined) {
      const account = await enabledAccountByEmail(trx, change.owner);
      if (!account) throw new UnknownOwnerError();
      ownerId = account.id;
      ownerEmail = account.email;
    }
    const state = await lockState(trx, row, at);
    const record = { type: "lead", id: key };
    const audit = { at, actor: { id: actor.accountId, email: actor.email }, record };
    const status = change.status !== state.status ? change.status : undefined;
    const ownerChanged = ownerId !== undefined && ownerId !== state.owner_account_id;
    if (status === undefined && !ownerChanged)
      await recordAudit(trx, { ...audit, action: "lead.view" });
    /** One change: the state's row, its timeline event and its audit entry. */
    const apply = async (
      set: UpdateObject<Database, "lead_states">,
      event: { kind: "status" | "owner"; from: string | null; to: string | null },
      action: AuditAction,
      detail: Record<string, unknown>,
    ) => {
      await trx
        .updateTable("lead_states")
        .set({ ...set, updated_at: at })
        .where("lead_type", "=", row.type)
        .where("lead_id", "=", row.id)
        .execute();
      await addEvent(trx, row, actor, at, event);
      await recordAudit(trx, { ...audit, action, detail });
    };
    if (status !== undefined) {
      await apply(
        {
          status,
          // The first status other than "new" is the first response.
          ...(status !== "new"
            ? { first_response_at: sql<string>`coalesce(first_response_at, ${at})` }
            : {}),
        },
        { kind: "status", from: state.status, to: status },
        "lead.status-changed",
        { from: state.status, to: status },
      );
    }
    if (ownerId !== undefined && ownerChanged) {
      await apply(
        { owner_account_id: ownerId },
        { kind: "owner", from: state.owner_account_id, to: ownerId },
        "lead.owner-changed",
        { from: row.owner_email, to: ownerEmail },
      );
    }
    return getLead(trx, key);
  });
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
 * that two changes to one lead at once are applied one after the other.
 */
async function lockState(trx: Transaction<Database>, row: LeadRow, at: string) {
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
    .select(["status", "owner_account_id"])
    .where("lead_type", "=", row.type)
    .where("lead_id", "=", row.id);
  if (isPostgres(trx)) query = query.forUpdate();
  return query.executeTakeFirstOrThrow();
}

async function addEvent(
  trx: Transaction<Database>,
  row: LeadRow,
  actor: Actor,
  at: string,
  event: { kind: LeadEventKind; from?: string | null; to?: string | null; text?: string },
) {
  await trx
    .insertInto("lead_events")
    .values({
      id: randomUUID(),
      lead_type: row.type,
      lead_id: row.id,
      at,
      actor_account_id: actor.accountId,
      kind: event.kind,
      from: event.from ?? null,
      to: event.to ?? null,
      text: event.text ?? null,
    })
    .execute();
}
