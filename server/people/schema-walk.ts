/**
 * The schema walk: every column of every table of a migrated database, checked against what an
 * access request's export shows (columns.ts). Run by coverage.test.ts on SQLite and PostgreSQL.
 */
import { sql } from "kysely";
import { type DB, isPostgres } from "../db/database";
import { EXPORTED_COLUMNS, NOT_PERSONAL } from "./columns";

export interface ColumnLists {
  exported: Record<string, readonly string[]>;
  notPersonal: Record<string, Record<string, string>>;
}

/**
 * What is wrong with the lists for `db`'s tables, one sentence each: a column in neither list
 * (the export would silently leave it out) or in both. Empty when every column is decided.
 */
export async function uncoveredColumns(
  db: DB,
  lists: ColumnLists = { exported: EXPORTED_COLUMNS, notPersonal: NOT_PERSONAL },
): Promise<string[]> {
  const problems: string[] = [];
  for (const { table, column: name } of await storedColumns(db)) {
    const exported = new Set(lists.exported[table] ?? []);
    const left = lists.notPersonal[table] ?? {};
    const column = `${table}.${name}`;
    if (exported.has(name) && name in left) {
      problems.push(`${column} is both exported and in NOT_PERSONAL: keep it in one list.`);
    } else if (!exported.has(name) && !(name in left)) {
      problems.push(
        `${column} is neither exported nor listed as not personal: add it to the export and ` +
          "EXPORTED_COLUMNS, or to NOT_PERSONAL with the reason it is left out " +
          "(server/people/columns.ts).",
      );
    }
  }
  return problems;
}

/**
 * Every column of the app's tables, Kysely's migration bookkeeping left out. Read from the
 * catalogue directly: PostgreSQL's is narrowed to the app's schema (the first on its search
 * path), where Kysely's introspection would read every schema's tables first.
 */
export async function storedColumns(db: DB): Promise<{ table: string; column: string }[]> {
  const query = isPostgres(db)
    ? sql<{ table: string; column: string }>`
        select c.table_name as "table", c.column_name as "column"
        from information_schema.columns c
        join information_schema.tables t
          on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        order by c.table_name, c.ordinal_position`
    : sql<{ table: string; column: string }>`
        select m.name as "table", p.name as "column"
        from sqlite_master m join pragma_table_info(m.name) p
        where m.type = 'table' and m.name not like 'sqlite%'
        order by m.name, p.cid`;
  const { rows } = await query.execute(db);
  return rows.filter((row) => !row.table.startsWith("kysely_"));
}
