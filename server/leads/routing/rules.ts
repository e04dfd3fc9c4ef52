/**
 * The routing rules as stored (migration 0021) and as the contract shows them
 * (staff-api/routing.ts): read in order, and replaced as a whole by an admin's save, provided it
 * names the version it was made on.
 */
import { randomUUID } from "node:crypto";
import { type Transaction, sql } from "kysely";
import { emailKey } from "../../../leads/email";
import type { BodyOf } from "../../../staff-api/endpoint";
import { mayOwnLeads } from "../../../staff-api/leads";
import { type RoutingRule, notAnOwner, type routingApi } from "../../../staff-api/routing";
import { recordAudit } from "../../audit/audit";
import { type DB, isPostgres } from "../../db/database";
import type { Database } from "../../db/schema";

type Executor = DB | Transaction<Database>;

/** The rules as an admin sends them. */
export type RulesInput = BodyOf<typeof routingApi.update>["rules"];

/** The rules in order, and their version: their ETag. */
export interface VersionedRules {
  rules: RoutingRule[];
  version: string;
}

/** An owner or rotation member who may not own leads: the 400 names them. */
export class NotAnOwnerError extends Error {
  constructor(address: string) {
    super(`rules: ${notAnOwner(address)}`);
  }
}

/** The one row that holds the rules' version (migration 0021). */
const VERSION_ROW = "rules";

/** The rules in order, each with its owner's or members' addresses, and their version. */
export async function readRules(db: Executor): Promise<VersionedRules> {
  const { version } = await db
    .selectFrom("lead_routing")
    .select("version")
    .where("id", "=", VERSION_ROW)
    .executeTakeFirstOrThrow();
  const rules = await db
    .selectFrom("lead_routing_rules as r")
    .leftJoin("staff_accounts as owner", "owner.id", "r.owner_account_id")
    .select(["r.id", "r.lead_type", "r.product", "owner.email as owner", "r.reassign_overdue"])
    .orderBy("r.position")
    .execute();
  const members = await db
    .selectFrom("lead_routing_members as m")
    .innerJoin("staff_accounts as a", "a.id", "m.account_id")
    .select(["m.rule_id", "a.email"])
    .orderBy("m.rule_id")
    .orderBy("m.position")
    .execute();
  return {
    version: String(version),
    rules: rules.map((rule): RoutingRule => {
      const rotation = members.filter((m) => m.rule_id === rule.id).map((m) => m.email);
      return {
        type: rule.lead_type,
        ...(rule.product ? { product: rule.product as RoutingRule["product"] } : {}),
        ...(rule.owner ? { owner: rule.owner } : { rotation }),
        ...(rule.reassign_overdue ? { reassignOverdue: true } : {}),
      };
    }),
  };
}

/** Whether any rule is set: a new lead's owner e-mail is rendered only then. */
export async function hasRoutingRules(db: Executor): Promise<boolean> {
  const rule = await db.selectFrom("lead_routing_rules").select("id").limit(1).executeTakeFirst();
  return rule !== undefined;
}

/** The accounts a save names, by address; throws NotAnOwnerError for one that may not own leads. */
async function ownersOf(trx: Transaction<Database>, rules: RulesInput) {
  const addresses = [...new Set(rules.flatMap((rule) => rule.rotation ?? [rule.owner ?? ""]))];
  const rows = addresses.length
    ? await trx
        .selectFrom("staff_accounts")
        .select(["id", "email_key", "role", "disabled_at"])
        .where("email_key", "in", addresses.map(emailKey))
        .execute()
    : [];
  const byKey = new Map(rows.map((row) => [row.email_key, row]));
  return (address: string) => {
    const row = byKey.get(emailKey(address));
    if (!row || row.disabled_at !== null || !mayOwnLeads(row.role)) {
      throw new NotAnOwnerError(address);
    }
    return row.id;
  };
}

/**
 * Replaces the rules, provided they are still at a version the save names (`isCurrent`; the
 * version row is locked, so of two saves naming one version only the first applies), with an
 * audit entry. A rule that keeps a rotation of the same members keeps its place in it. Returns
 * the rules as they now are, and whether the save was refused as stale.
 */
export async function saveRules(
  db: DB,
  rules: RulesInput,
  actor: { id: string; email: string },
  now: Date,
  isCurrent: (version: string) => boolean,
): Promise<VersionedRules & { stale: boolean }> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    let lock = trx.selectFrom("lead_routing").select("version").where("id", "=", VERSION_ROW);
    if (isPostgres(trx)) lock = lock.forUpdate();
    const { version } = await lock.executeTakeFirstOrThrow();
    if (!isCurrent(String(version))) return { ...(await readRules(trx)), stale: true };
    const accountOf = await ownersOf(trx, rules);
    const before = await readRules(trx);
    const turns = await rotationPlaces(trx);
    await trx.deleteFrom("lead_routing_rules").execute();
    for (const [position, rule] of rules.entries()) {
      const id = randomUUID();
      const members = (rule.rotation ?? []).map(accountOf);
      await trx
        .insertInto("lead_routing_rules")
        .values({
          id,
          position,
          lead_type: rule.type,
          product: rule.product ?? null,
          owner_account_id: rule.owner === undefined ? null : accountOf(rule.owner),
          next_turn: turns.get(members.join(" ")) ?? 0,
          reassign_overdue: rule.reassignOverdue && rule.rotation ? 1 : 0,
        })
        .execute();
      for (const [place, accountId] of members.entries()) {
        await trx
          .insertInto("lead_routing_members")
          .values({ rule_id: id, position: place, account_id: accountId })
          .execute();
      }
    }
    await trx
      .updateTable("lead_routing")
      .set({ version: sql<number>`version + 1`, updated_at: at, updated_by: actor.id })
      .where("id", "=", VERSION_ROW)
      .execute();
    const after = await readRules(trx);
    await recordAudit(trx, {
      action: "routing.changed",
      at,
      actor,
      record: { type: "lead_routing", id: VERSION_ROW },
      detail: { from: before.rules, to: after.rules },
    });
    return { ...after, stale: false };
  });
}

/** Each rotation's place, by its members in order: a save that keeps a rotation keeps its turn. */
async function rotationPlaces(trx: Transaction<Database>): Promise<Map<string, number>> {
  const rows = await trx
    .selectFrom("lead_routing_rules as r")
    .innerJoin("lead_routing_members as m", "m.rule_id", "r.id")
    .select(["r.id", "r.next_turn", "m.account_id"])
    .orderBy("r.id")
    .orderBy("m.position")
    .execute();
  const members = new Map<string, { turn: number; ids: string[] }>();
  for (const row of rows) {
    const entry = members.get(row.id) ?? { turn: Number(row.next_turn), ids: [] };
    entry.ids.push(row.account_id);
    members.set(row.id, entry);
  }
  return new Map([...members.values()].map(({ turn, ids }) => [ids.join(" "), turn]));
}
