/**
 * The schema walk: every column of every table of a migrated database, checked against what an
 * access request's export shows (columns.ts). Run by coverage.test.ts on SQLite and PostgreSQL.
 */
import { sql } from "kysely";
import { type DB, isPostgres } from "../../db/database";
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
  // PostgreSQL's introspection lists every schema's tables: only the app's own (the first on its
  // search path) are the app's.
  const schema = isPostgres(db)
    ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name
    : undefined;
  for (const table of await db.introspection.getTables()) {
    if (table.isView || (schema !== undefined && table.schema !== schema)) continue;
    const exported = new Set(lists.exported[table.name] ?? []);
    const left = lists.notPersonal[table.name] ?? {};
    for (const { name } of table.columns) {
      const column = `${table.name}.${name}`;
      if (exported.has(name) && name in left) {
        problems.push(`${column} is both exported and in NOT_PERSONAL: keep it in one list.`);
      } else if (!exported.has(name) && !(name in left)) {
        problems.push(
          `${column} is neither exported nor listed as not personal: add it to the export and ` +
            "EXPORTED_COLUMNS, or to NOT_PERSONAL with the reason it is left out " +
            "(server/staff/people/columns.ts).",
        );
      }
    }
  }
  return problems;
}
