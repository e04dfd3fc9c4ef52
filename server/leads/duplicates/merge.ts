/**
 * Merging a lead into another that is the same customer's, in one transaction: nothing is lost.
 * The lead merged keeps its row, fields, status and timeline, readable by its own address, found
 * by an access request and erased by erasure as before; it is marked `merged_into` (migration
 * 0022), which takes it out of the open leads, and the lead it went into shows its timeline
 * (merged-leads.ts). See docs/decisions/0059-one-customer-one-record.md.
 */
import { sql } from "kysely";
import { type LeadType, parseLeadKey } from "../../../leads/workflow";
import type { DB } from "../../db/database";
import { recordAudit } from "../../audit/audit";
import { type LeadChange, addEvent, lockState } from "../inbox/lead-changes";
import { type Actor, getLead } from "../inbox/lead-detail";
import { type LeadRow, findLeadRow } from "../inbox/lead-query";

/** A merge or a pair told apart that cannot be made: the status and sentence the API answers. */
export class DuplicateRefused extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

export const MERGE_INTO_ITSELF = "A lead cannot be merged into itself: choose another lead.";
export const NO_LEAD_TO_MERGE_INTO = "into: no such lead";
const ANONYMISED =
  "A lead whose details were removed under the retention policy cannot be merged: there is no " +
  "one left to say it is the same customer.";
const alreadyMerged = (which: "This lead" | "That lead", into: string) =>
  `${which} was already merged into ${into}.`;

/** The lead's row and its state, locked (lead-changes.ts), with what a merge reads of it. */
async function lockedLead(trx: Parameters<typeof lockState>[0], row: LeadRow, at: string) {
  await lockState(trx, row, at);
  return trx
    .selectFrom("lead_states")
    .select(["version", "owner_account_id", "first_response_at", "merged_into"])
    .where("lead_type", "=", row.type)
    .where("lead_id", "=", row.id)
    .executeTakeFirstOrThrow();
}

/**
 * Merges the lead `key` into the lead `intoKey`, provided `key` is still at a version the request
 * names (`isCurrent`; else it answers the lead as it now is, `stale`, and records a view). Both
 * leads' state rows are locked, in the order of their ids so two merges at once cannot wait on
 * each other. `into` takes `key`'s owner and first response when it has none (a first response
 * before `into` arrived counts as at its arrival: the customer had been answered already); both
 * get a `merged` event and a new version; leads merged into `key` before now point at `into`.
 * Audited as `lead.merged` (the lead merged, `into` in the detail). Null when `key` names no lead;
 * throws DuplicateRefused for a merge that cannot be made.
 */
export async function mergeLead(
  db: DB,
  key: string,
  intoKey: string,
  actor: Actor,
  now: Date,
  isCurrent: (version: string) => boolean,
): Promise<LeadChange | null> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await findLeadRow(trx, key);
    if (!row) return null;
    if (intoKey === key) throw new DuplicateRefused(400, MERGE_INTO_ITSELF);
    const into = parseLeadKey(intoKey) ? await findLeadRow(trx, intoKey) : null;
    if (!into) throw new DuplicateRefused(404, NO_LEAD_TO_MERGE_INTO);
    if (row.anonymised_at || into.anonymised_at) throw new DuplicateRefused(409, ANONYMISED);
    const lockFirst = key < intoKey;
    const a = await lockedLead(trx, lockFirst ? row : into, at);
    const b = await lockedLead(trx, lockFirst ? into : row, at);
    const [state, intoState] = lockFirst ? [a, b] : [b, a];
    const audit = {
      at,
      actor: { id: actor.accountId, email: actor.email },
      record: { type: "lead", id: key },
    };
    if (!isCurrent(String(state.version))) {
      await recordAudit(trx, { ...audit, action: "lead.view" });
      const lead = await getLead(trx, key, now);
      return lead && { ...lead, stale: true };
    }
    if (state.merged_into)
      throw new DuplicateRefused(409, alreadyMerged("This lead", state.merged_into));
    if (intoState.merged_into) {
      throw new DuplicateRefused(409, alreadyMerged("That lead", intoState.merged_into));
    }

    const bump = (lead: { type: LeadType; id: string }) =>
      trx
        .updateTable("lead_states")
        .where("lead_type", "=", lead.type)
        .where("lead_id", "=", lead.id)
        .set({ updated_at: at, version: sql<number>`version + 1` });
    await bump(row).set({ merged_into: intoKey }).execute();
    // One level only: what was merged into this lead now shows on the lead it goes into.
    await trx
      .updateTable("lead_states")
      .where("merged_into", "=", key)
      .set({ merged_into: intoKey, updated_at: at, version: sql<number>`version + 1` })
      .execute();
    const owner = intoState.owner_account_id === null ? state.owner_account_id : null;
    const answered = state.first_response_at;
    const firstResponse =
      intoState.first_response_at !== null || answered === null
        ? null
        : answered > into.created_at
          ? answered
          : into.created_at;
    await bump(into)
      .set({
        ...(owner !== null ? { owner_account_id: owner } : {}),
        ...(firstResponse !== null ? { first_response_at: firstResponse } : {}),
      })
      .execute();
    const merged = { kind: "merged", from: key, to: intoKey } as const;
    await addEvent(trx, row, actor, at, merged);
    await addEvent(trx, into, actor, at, merged);
    if (owner !== null) {
      await addEvent(trx, into, actor, at, { kind: "owner", from: null, to: owner });
    }
    await recordAudit(trx, {
      ...audit,
      action: "lead.merged",
      detail: {
        into: intoKey,
        ...(owner !== null ? { owner: row.owner_email } : {}),
        ...(firstResponse !== null ? { firstResponseAt: firstResponse } : {}),
      },
    });
    const lead = await getLead(trx, key, now);
    return lead && { ...lead, stale: false };
  });
}
