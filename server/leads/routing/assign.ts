/**
 * Giving a new lead its owner in the transaction that stores it: the first rule that matches the
 * lead names an owner, or a rotation whose next available member gets it. Available means enabled,
 * of a role that works leads, and not away. The rotation's place is a column of the rule's row,
 * locked while it is read and moved (PostgreSQL; SQLite writes one transaction at a time), so
 * that server instances sharing a database take turns from the same place. See
 * docs/decisions/0055-lead-routing.md.
 */
import type { Transaction } from "kysely";
import type { LeadType } from "../../../leads/workflow";
import { mayOwnLeads } from "../../../staff-api/leads";
import { isPostgres } from "../../db/database";
import { addEvent } from "../inbox/lead-changes";
import type { Database } from "../../db/schema";
import { staffName } from "../../../staff-api/admin";

/** The owner a lead was given: an account, or nobody when no one the rule names was available. */
export interface Owner {
  id: string;
  email: string;
  /** How the e-mails and Slack name them: their name, their address when they gave none. */
  name: string;
}

/** What routing made of a lead: the rule's owner (null: nobody available), or no rule matched. */
export type Routed = { owner: Owner | null } | null;

type Trx = Transaction<Database>;

/**
 * The first rule, in order, for a lead of `type` and `product`: one of that product, or of any.
 * Routing a new lead and handing on an overdue one (handOnOverdue) read the rules alike.
 */
async function matchingRule(trx: Trx, type: LeadType, product: string | null) {
  const rules = await trx
    .selectFrom("lead_routing_rules")
    .select(["id", "product", "owner_account_id", "reassign_overdue"])
    .where("lead_type", "=", type)
    .orderBy("position")
    .execute();
  return rules.find((rule) => rule.product === null || rule.product === product);
}

/** The rule's row, locked until the lead's transaction ends; undefined if a save removed it. */
async function lockedTurn(trx: Trx, ruleId: string) {
  let query = trx.selectFrom("lead_routing_rules").select("next_turn").where("id", "=", ruleId);
  if (isPostgres(trx)) query = query.forUpdate();
  return (await query.executeTakeFirst())?.next_turn;
}

/** The accounts of `ids` that may be given a lead now, by id. */
async function availableAccounts(trx: Trx, ids: string[]): Promise<Map<string, Owner>> {
  if (!ids.length) return new Map();
  const rows = await trx
    .selectFrom("staff_accounts")
    .select(["id", "email", "name", "role", "disabled_at", "away_since"])
    .where("id", "in", ids)
    .execute();
  return new Map(
    rows
      .filter((row) => row.disabled_at === null && row.away_since === null && mayOwnLeads(row.role))
      .map((row) => [row.id, { id: row.id, email: row.email, name: staffName(row) }]),
  );
}

/**
 * The rotation of rule `ruleId` moved on past its next available member, who is answered, other
 * than `skip`; null when no one else is available (the turn stays), undefined when a save removed
 * the rule meanwhile. The rule's row is locked until the caller's transaction ends.
 */
async function takeTurn(trx: Trx, ruleId: string, skip: string | null = null) {
  const turn = await lockedTurn(trx, ruleId);
  if (turn === undefined) return undefined;
  const members = (
    await trx
      .selectFrom("lead_routing_members")
      .select("account_id")
      .where("rule_id", "=", ruleId)
      .orderBy("position")
      .execute()
  ).map((member) => member.account_id);
  const available = await availableAccounts(trx, members);
  for (let step = 0; step < members.length; step++) {
    const place = (Number(turn) + step) % members.length;
    const owner = available.get(members[place]!);
    if (!owner || owner.id === skip) continue;
    await trx
      .updateTable("lead_routing_rules")
      .set({ next_turn: (place + 1) % members.length })
      .where("id", "=", ruleId)
      .execute();
    return owner;
  }
  return null;
}

/**
 * The owner the rules give a lead of `type` (and `product`), the rotation moved on past them;
 * null when no rule matches. A fixed owner who is away or disabled gets nothing, like a rotation
 * with no one available: the lead stays unassigned, for the admins to see.
 */
export async function routeLead(trx: Trx, type: LeadType, product: string | null): Promise<Routed> {
  // A save may replace the rules between the read and the lock: then read them again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const rule = await matchingRule(trx, type, product);
    if (!rule) return null;
    if (rule.owner_account_id !== null) {
      const available = await availableAccounts(trx, [rule.owner_account_id]);
      return { owner: available.get(rule.owner_account_id) ?? null };
    }
    const owner = await takeTurn(trx, rule.id);
    if (owner !== undefined) return { owner };
  }
  return null;
}

/**
 * The member an overdue lead of `type` (and `product`) is handed on to, the rotation moved on
 * past them: only when the rule the lead matches is a rotation set to hand on overdue leads
 * (migration 0024), and never the owner it has, which `currentOwner` reads (and may lock) only
 * then. Null otherwise, or when no one else is available: the lead stays where it is. See
 * docs/decisions/0063-overdue-lead-handed-on.md.
 */
export async function handOnOverdue(
  trx: Trx,
  lead: { type: LeadType; product: string | null },
  currentOwner: () => Promise<string | null>,
): Promise<Owner | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const rule = await matchingRule(trx, lead.type, lead.product);
    if (!rule || rule.owner_account_id !== null || !rule.reassign_overdue) return null;
    const owner = await takeTurn(trx, rule.id, await currentOwner());
    if (owner !== undefined) return owner;
  }
  return null;
}

/**
 * Records what routing gave a new lead: its state row with the owner, and the `assigned` event of
 * its timeline (by nobody: the rules did it), in the caller's transaction.
 */
export async function recordAssignment(
  trx: Trx,
  lead: { type: LeadType; id: string },
  owner: Owner | null,
  at: string,
) {
  if (owner) {
    await trx
      .insertInto("lead_states")
      .values({
        lead_type: lead.type,
        lead_id: lead.id,
        status: "new",
        owner_account_id: owner.id,
        first_response_at: null,
        updated_at: at,
      })
      .execute();
  }
  await addEvent(trx, lead, null, at, { kind: "assigned", to: owner?.id ?? null });
}
