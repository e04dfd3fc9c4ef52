/**
 * A person's erasure in the database: every row about one e-mail address, in one transaction
 * (server/people/erasure.ts `erasePerson` runs it for the console and `npm run leads -- forget`).
 */
import { type Transaction, sql } from "kysely";
import { emailKey } from "../../leads/email";
import { hashSuppression } from "../newsletter/returns/suppressions";
import { erasedSuppressionKey } from "../privacy/third-parties";
import { withoutErasedAddress } from "../privacy/third-parties";
import { likePattern } from "../leads/inbox/lead-query";
import type { DB } from "../db/database";
import type { Database } from "../db/schema";

/**
 * Erases everything stored about one e-mail address (a data subject's request under Ghana's Data
 * Protection Act, 2012): subscription, contact messages, demo requests, the outbox messages about
 * them, those leads' inbox status, notes and history, and the bounces and complaints about them;
 * their suppression entry is kept only as a one-way hash, and other people's bounces and
 * complaints that named them no longer do. Returns the rows erased per table.
 * `within` runs in the transaction once they are gone, with the erased outbox rows' ids.
 */
type Erased = Record<string, number>;
export async function forgetPerson(
  db: DB,
  email: string,
  within?: (trx: Transaction<Database>, erased: Erased, outbox: { id: string }[]) => Promise<void>,
): Promise<Erased> {
  const key = emailKey(email);
  return db.transaction().execute(async (trx) => {
    const leadIds: string[] = [];
    const idsOf: Record<string, string[]> = {};
    for (const table of [
      "newsletter_subscriptions",
      "contact_messages",
      "demo_requests",
    ] as const) {
      const rows = await trx.selectFrom(table).select("id").where("email_key", "=", key).execute();
      idsOf[table] = rows.map((row) => row.id);
      leadIds.push(...rows.map((row) => row.id));
    }
    const removed = async (query: { executeTakeFirst(): Promise<{ numDeletedRows: bigint }> }) =>
      Number((await query.executeTakeFirst()).numDeletedRows);
    // The inbox's status, owner, notes and history of the person's contact and demo leads.
    const workflow = async (table: "lead_states" | "lead_events") => {
      let count = 0;
      for (const [type, ids] of [
        ["contact", idsOf.contact_messages ?? []],
        ["demo", idsOf.demo_requests ?? []],
      ] as const) {
        if (!ids.length) continue;
        count += await removed(
          trx.deleteFrom(table).where("lead_type", "=", type).where("lead_id", "in", ids),
        );
      }
      return count;
    };
    const byKey = (table: "newsletter_subscriptions" | "contact_messages" | "demo_requests") =>
      removed(trx.deleteFrom(table).where("email_key", "=", key));
    const outbox = leadIds.length
      ? await trx.deleteFrom("outbox").where("lead_id", "in", leadIds).returning("id").execute()
      : [];
    const erased = {
      outbox: outbox.length,
      lead_states: await workflow("lead_states"),
      lead_events: await workflow("lead_events"),
      newsletter_subscriptions: await byKey("newsletter_subscriptions"),
      contact_messages: await byKey("contact_messages"),
      demo_requests: await byKey("demo_requests"),
      // The bounces and complaints about their mail, raw reports included.
      mail_events: await removed(
        trx
          .deleteFrom("mail_events")
          .where((eb) =>
            eb.or([
              eb("email_key", "=", key),
              ...(leadIds.length ? [eb("subscription_id", "in", leadIds)] : []),
            ]),
          ),
      ),
      // The suppression entry stays, as it keeps mail from going to the address again, but
      // only as a hash of it (docs/decisions/0035-erasure-and-address-changes.md).
      mail_suppressions: await hashSuppression(trx, email),
      // Other people's returned mail that named them: the address, or its hash, taken out
      // (docs/decisions/0039-third-party-addresses-in-returned-mail.md).
      mail_mentions: await forgetMentions(trx, email),
      // Staff's saved searches of the inbox for their address: a search kept for a person who
      // is gone keeps their address with it.
      staff_saved_filters: await forgetSavedSearches(trx, key),
    };
    await within?.(trx, erased, outbox);
    return erased;
  });
}

/**
 * Deletes the inbox's saved filters whose name or search names the address (`key`, lowercased),
 * as typed or as the address bar writes it (`@` as %40). Answers how many.
 */
async function forgetSavedSearches(trx: Transaction<Database>, key: string): Promise<number> {
  const spellings = [...new Set([key, encodeURIComponent(key).toLowerCase()])];
  const result = await trx
    .deleteFrom("staff_saved_filters")
    .where((eb) =>
      eb.or(
        spellings.flatMap((spelling) =>
          (["name", "query"] as const).map(
            (column) =>
              sql<boolean>`lower(${sql.ref(column)}) like ${likePattern(spelling)} escape '\\'`,
          ),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The texts of returned mail that may name someone other than the row's own person. */
const MENTIONS = [
  ["mail_events", "detail"],
  ["mail_events", "raw"],
  ["mail_suppressions", "detail"],
] as const;

/**
 * The events and suppression entries of OTHER people whose report named the erased person, in
 * clear (any case: a row stored before decision 0039, or an address written in a way
 * withoutThirdParties did not read) or as its hash, no longer do (withoutErasedAddress).
 * Answers how many rows changed.
 */
async function forgetMentions(trx: Transaction<Database>, email: string): Promise<number> {
  const key = emailKey(email);
  const changed = new Set<string>();
  for (const [table, column] of MENTIONS) {
    const rows = await trx
      .selectFrom(table)
      .select(["id", `${column} as text`])
      .where((eb) =>
        eb.or([
          // lower() folds only ASCII on SQLite: an address with other capitals is found by its
          // hash, as withoutThirdParties stored it, or not at all (decision 0039).
          sql<boolean>`lower(${sql.ref(column)}) like ${likePattern(key)} escape '\\'`,
          eb(column, "like", `%${erasedSuppressionKey(key)}%`),
        ]),
      )
      .execute();
    for (const { id, text } of rows) {
      const kept = text === null ? null : withoutErasedAddress(text, key);
      if (kept === text) continue;
      await trx
        .updateTable(table)
        .set({ [column]: kept })
        .where("id", "=", id)
        .execute();
      changed.add(`${table} ${id}`);
    }
  }
  return changed.size;
}
