import { type Kysely, type Migration, PostgresAdapter, sql } from "kysely";
import { contactSearchText, demoSearchText } from "../search-text";

/**
 * A search index for the staff inbox (server/leads/inbox/lead-query.ts): each contact message and demo
 * request keeps `search_text` (search-text.ts), indexed for substring search so that a search
 * in 100,000 leads reads the index, not every row. PostgreSQL: a trigram GIN index (pg_trgm, an
 * extension that ships with PostgreSQL and that a database owner may create). SQLite: an FTS5
 * table with the trigram tokenizer over the column, kept in step by triggers, so an erased lead
 * leaves the index with its row. See docs/decisions/0015-inbox-search-index.md.
 */
export const leadSearch: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    for (const table of ["contact_messages", "demo_requests"] as const) {
      await db.schema
        .alterTable(table)
        .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
        .execute();
    }
    await backfill(db);
    if (postgres) {
      // An extension belongs to the whole database but lives in one schema: in public, where
      // every schema's tables can use it (the tests give each run a schema of its own).
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      const { rows } = await sql<{ schema: string }>`
        select n.nspname as schema from pg_extension e
        join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
      const opclass = sql`${sql.id(rows[0]?.schema ?? "public")}.gin_trgm_ops`;
      for (const table of ["contact_messages", "demo_requests"]) {
        await sql`create index ${sql.id(`${table}_search`)} on ${sql.id(table)} using gin (search_text ${opclass})`.execute(
          db,
        );
      }
      return;
    }
    for (const [table, index] of [
      ["contact_messages", "contact_messages_search"],
      ["demo_requests", "demo_requests_search"],
    ] as const) {
      const t = sql.id(table);
      const i = sql.id(index);
      await sql`create virtual table ${i} using fts5(search_text, content=${sql.lit(table)}, content_rowid='rowid', tokenize='trigram')`.execute(
        db,
      );
      await sql`insert into ${i}(${i}) values ('rebuild')`.execute(db);
      await sql`create trigger ${sql.id(`${index}_insert`)} after insert on ${t} begin
        insert into ${i}(rowid, search_text) values (new.rowid, new.search_text); end`.execute(db);
      await sql`create trigger ${sql.id(`${index}_delete`)} after delete on ${t} begin
        insert into ${i}(${i}, rowid, search_text) values ('delete', old.rowid, old.search_text); end`.execute(
        db,
      );
      await sql`create trigger ${sql.id(`${index}_update`)} after update of search_text on ${t} begin
        insert into ${i}(${i}, rowid, search_text) values ('delete', old.rowid, old.search_text);
        insert into ${i}(rowid, search_text) values (new.rowid, new.search_text); end`.execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    for (const table of ["contact_messages", "demo_requests"]) {
      const index = `${table}_search`;
      if (postgres) {
        await sql`drop index ${sql.id(index)}`.execute(db);
      } else {
        for (const event of ["insert", "delete", "update"]) {
          await sql`drop trigger ${sql.id(`${index}_${event}`)}`.execute(db);
        }
        await sql`drop table ${sql.id(index)}`.execute(db);
      }
      await db.schema.alterTable(table).dropColumn("search_text").execute();
    }
  },
};

/**
 * Fills `search_text` of the rows stored before this migration, a thousand at a time; 0014 and
 * 0018 fill it again, as search-text.ts makes it now.
 */
export async function backfill(db: Kysely<unknown>) {
  const contactFields = ["first_name", "last_name", "email", "phone", "message"];
  await fill(db, "contact_messages", contactFields, (row) => ({
    search_text: contactSearchText(row as Parameters<typeof contactSearchText>[0]),
  }));
  await fill(db, "demo_requests", ["name", "email", "phone", "company"], (row) => ({
    search_text: demoSearchText(row as Parameters<typeof demoSearchText>[0]),
  }));
}

/**
 * Sets the columns `values` gives for each row of `table` (ordered by id, a thousand rows a
 * query), from the row's `columns`; later migrations fill their own columns with it.
 */
export async function fill(
  db: Kysely<unknown>,
  table: string,
  columns: string[],
  values: (row: Record<string, string>) => Record<string, string | null>,
) {
  const store = db as Kysely<Record<string, Record<string, string | null>>>;
  for (let offset = 0; ; offset += 1000) {
    const rows = (await store
      .selectFrom(table)
      .select(["id", ...columns])
      .orderBy("id")
      .limit(1000)
      .offset(offset)
      .execute()) as Record<string, string>[];
    for (const row of rows) {
      await store
        .updateTable(table)
        .set(values(row))
        .where("id", "=", row.id as string)
        .execute();
    }
    if (rows.length < 1000) return;
  }
}
