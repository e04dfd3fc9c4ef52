import type { CreateTableBuilder, Kysely } from "kysely";

// The column groups, indexes and drops that the migrations keep repeating. Each helper issues
// exactly the SQL its body shows: a migration that has run on a database must go on issuing the
// same statements, so a helper here is never changed once a migration uses it.

type NewTable = CreateTableBuilder<string, string>;

/** `create table <name> (id text primary key, …)`: most tables' key is a UUID the server makes. */
export function createTableWithId(db: Kysely<unknown>, name: string): NewTable {
  return db.schema.createTable(name).addColumn("id", "text", (c) => c.primaryKey());
}

/**
 * `email` and `email_key text not null unique`: an address as typed, and the comparison key
 * (emailKey() of leads/email.ts) that allows one row per person however the address is typed.
 */
export function emailAndKey(table: NewTable): NewTable {
  return table
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("email_key", "text", (c) => c.notNull().unique());
}

/** `<name> text not null` for each name, in the order given. */
export function requiredText(...names: string[]) {
  return (table: NewTable): NewTable =>
    names.reduce((t, name) => t.addColumn(name, "text", (c) => c.notNull()), table);
}

/** `<name> text` (null allowed) for each name, in the order given. */
export function optionalText(...names: string[]) {
  return (table: NewTable): NewTable => names.reduce((t, name) => t.addColumn(name, "text"), table);
}

/** `account_id`: the staff account a row belongs to; deleting the account deletes the row. */
export function accountId(table: NewTable): NewTable {
  return table.addColumn("account_id", "text", (c) =>
    c.notNull().references("staff_accounts.id").onDelete("cascade"),
  );
}

/** `create index <name> on <table> (<columns>)`. */
export async function createIndex(
  db: Kysely<unknown>,
  name: string,
  table: string,
  columns: string[],
): Promise<void> {
  await db.schema.createIndex(name).on(table).columns(columns).execute();
}

/** `drop table <table>` for each table, in the order given (dependent tables first). */
export async function dropTables(db: Kysely<unknown>, tables: string[]): Promise<void> {
  for (const table of tables) await db.schema.dropTable(table).execute();
}
