/** Finding the one row an address has in a table that keeps at most one per mailbox. */
import type { Transaction } from "kysely";
import { emailKey } from "../../leads/email";
import type { DB } from "./database";
import type { Database } from "./schema";

/** The tables unique on email_key: an address has one staff account, one suppression. */
type OnePerAddress = "staff_accounts" | "mail_suppressions";

/** The id of `email`'s row in `table`, matched as the mailbox (emailKey), or undefined. */
export async function idByEmail(
  db: DB | Transaction<Database>,
  table: OnePerAddress,
  email: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom(table)
    .select("id")
    .where("email_key", "=", emailKey(email))
    .executeTakeFirst();
  return row?.id;
}
