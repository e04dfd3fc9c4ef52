/**
 * The one query of both lead tables: contact messages and demo requests as one `UNION ALL`, newest
 * first by (created_at, id), narrowed by the inbox's filters and a keyset cursor
 * (http/page-cursor.ts), with each lead's status and owner (lead_states, migration 0005; a lead
 * without a row is "new" and unowned). The list, the export, the stats and one lead (lead-list.ts,
 * lead-detail.ts) all read through it. See docs/decisions/0012-lead-workflow.md and
 * 0015-inbox-search-index.md.
 */
import { type RawBuilder, type Transaction, sql } from "kysely";
import { pagePaths } from "../../../common/paths";
import { leadKey, parseLeadKey } from "../../../leads/workflow";
import type { Lead } from "../../../staff-api/leads";
import { sourceOf } from "../attribution";
import { type DB, isPostgres } from "../../db/database";
import { idByEmail } from "../../db/id-by-email";
import { ATTRIBUTION_COLUMNS } from "../../db/migrations/0008-lead-attribution";
import type { AttributionColumns, Database, LeadStatus, LeadType } from "../../db/schema";
import { searchTerms } from "../../db/search-text";
import { type Cursor, newerThan, olderThan } from "../../http/page-cursor";

type Executor = DB | Transaction<Database>;

/** What the list, the export and the stats are narrowed to; every field optional. */
export interface LeadFilters {
  type?: LeadType;
  product?: string;
  status?: LeadStatus;
  /** An account's id, or "none" for unassigned leads. */
  ownerAccountId?: string | "none";
  q?: string;
  /** Created at or after (ISO instant). */
  since?: string;
  /** Created before (ISO instant). */
  until?: string;
}

/** The account id an `owner` filter names: "none", an account's id, or null for no account. */
export async function ownerFilter(db: Executor, owner: string): Promise<string | null> {
  if (owner === "none") return "none";
  return (await idByEmail(db, "staff_accounts", owner)) ?? null;
}

/** A lead as the API shows it (staff-api/leads.ts). */
export type { Lead };

/** A lead as the query reads it: both tables' columns, null where its table has none. */
export interface LeadRow extends AttributionColumns {
  type: LeadType;
  id: string;
  created_at: string;
  status: LeadStatus;
  owner_account_id: string | null;
  owner_email: string | null;
  first_response_at: string | null;
  /** The latest of its lead_events (changes, notes, escalation); null when it has none. */
  last_event_at: string | null;
  /** lead_states.version (migration 0013); 0 for a lead without a row. */
  version: number;
  first_name: string | null;
  last_name: string | null;
  email: string;
  phone: string;
  message: string | null;
  product: string | null;
  page: string | null;
  name: string | null;
  company: string | null;
  job_title: string | null;
  industry: string | null;
  anonymised_at: string | null;
}

/** `text` for LIKE: its own %, _ and \ match themselves (ESCAPE '\'). */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `text` for GLOB: its own *, ? and [ match themselves. */
function globPattern(text: string): string {
  return `*${text.replace(/[*?[]/g, (c) => `[${c}]`)}*`;
}

const and = (conditions: RawBuilder<unknown>[]) =>
  conditions.length ? sql.join(conditions, sql` and `) : sql`1 = 1`;

/**
 * Leads of table `t` whose search text (db/search-text.ts) contains every one of `terms`, read off
 * the search index of migration 0007: a trigram index under LIKE on PostgreSQL; on SQLite the FTS5
 * trigram table, which uses its index for a MATCH but not for LIKE with ESCAPE.
 */
function containsAll(t: "c" | "d", terms: readonly string[], postgres: boolean) {
  const text = sql.ref(`${t}.search_text`);
  if (postgres) return and(terms.map((term) => sql`${text} like ${likePattern(term)} escape '\\'`));
  // One term, the longest (likely the rarest), is looked up in the index, as a quoted phrase of
  // trigrams: the other terms are checked with GLOB (case-sensitive, but both sides are
  // lower-cased already) on the rows the index gave. Every term in the index instead made FTS5
  // intersect the matches of each, "000" of a phone number in nearly every lead among them. A
  // term under three characters has no trigram: then GLOB reads every row's text, still correct.
  const longest = terms.reduce((a, b) => ([...b].length > [...a].length ? b : a), "");
  const indexed = [...longest].length >= 3 ? longest : null;
  const conditions = terms
    .filter((term) => term !== indexed)
    .map((term) => sql`${text} glob ${globPattern(term)}`);
  if (indexed !== null) {
    const index = sql.id(t === "c" ? "contact_messages_search" : "demo_requests_search");
    const phrase = `"${indexed.replaceAll('"', '""')}"`;
    // The unary + keeps SQLite from reading the leads in the index's order: it still walks the
    // table newest first and stops after a page, checking each lead against the index's matches,
    // so a term in thousands of leads costs no more than a rare one.
    conditions.unshift(
      sql`+${sql.ref(`${t}.rowid`)} in (select rowid from ${index} where ${index} match ${phrase})`,
    );
  }
  return and(conditions);
}

/**
 * Leads of table `t` that a search finds: each of its words somewhere in the lead's fields, in
 * any order, or, for a search written like a phone number, the number's digits (searchTerms()).
 */
const searchCondition = (t: "c" | "d", q: string, postgres: boolean) =>
  containsAll(t, searchTerms(q), postgres);

/**
 * The lead's row of lead_states, as `s`. For a page on PostgreSQL, a lateral subquery with a
 * limit, which the planner cannot turn into a join of both whole tables: it then walks the lead
 * table newest first and looks each lead's state up by its key until the page is full, as SQLite
 * does by itself. Reading every lead (the stats), the plain join, which PostgreSQL hashes, is the
 * faster (one lookup per lead took it from 0.15 s to 1.3 s at 100,000 leads).
 */
function stateJoin(type: LeadType, t: "c" | "d", lateral: boolean) {
  const id = sql.ref(`${t}.id`);
  return lateral
    ? sql`left join lateral (select * from lead_states s0 where s0.lead_type = ${type} and s0.lead_id = ${id} limit 1) s on true`
    : sql`left join lead_states s on s.lead_type = ${type} and s.lead_id = ${id}`;
}

/**
 * Where the rows are read from the cursor: `older` (the list's order, newest first) or `newer`
 * (the other way, oldest first: the lead before one, server/leads/desk/lead-neighbours.ts).
 */
export type Direction = "older" | "newer";

/** Conditions shared by both tables; `t` is the lead table's alias. */
function commonConditions(
  t: "c" | "d",
  filters: LeadFilters,
  cursor?: Cursor | null,
  direction: Direction = "older",
) {
  const col = (name: string) => sql.ref(`${t}.${name}`);
  const conditions: RawBuilder<unknown>[] = [];
  if (filters.status) conditions.push(sql`coalesce(s.status, 'new') = ${filters.status}`);
  if (filters.ownerAccountId === "none") conditions.push(sql`s.owner_account_id is null`);
  else if (filters.ownerAccountId) {
    // coalesce() keeps the planner on the newest-first walk of the lead table, which finds a
    // page of one owner's leads sooner than reading all of them through lead_states' index.
    conditions.push(sql`coalesce(s.owner_account_id, '') = ${filters.ownerAccountId}`);
  }
  if (filters.since) conditions.push(sql`${col("created_at")} >= ${filters.since}`);
  if (filters.until) conditions.push(sql`${col("created_at")} < ${filters.until}`);
  const after = direction === "older" ? olderThan : newerThan;
  if (cursor) conditions.push(after(cursor, `${t}.created_at`, `${t}.id`));
  return conditions;
}

/** How a branch reads: the dialect, and whether it stops after a page (see stateJoin). */
interface BranchPlan {
  postgres: boolean;
  paged: boolean;
  direction?: Direction;
}

/** The attribution columns of lead table `t` (migration 0008), under their own names. */
const attributionOf = (t: "c" | "d") =>
  sql.join(ATTRIBUTION_COLUMNS.map((column) => sql.ref(`${t}.${column}`)));

/**
 * What a lead of table `t` must meet: the filters both tables share and the cursor, then an id,
 * the table's own (a demo request's product) and the search.
 */
function branchConditions(
  t: "c" | "d",
  filters: LeadFilters,
  { postgres, direction }: Omit<BranchPlan, "paged">,
  cursor?: Cursor | null,
  id?: string,
) {
  const conditions = commonConditions(t, filters, cursor, direction);
  if (id !== undefined) conditions.push(sql`${sql.ref(`${t}.id`)} = ${id}`);
  if (t === "d" && filters.product) conditions.push(sql`d.product = ${filters.product}`);
  if (filters.q) conditions.push(searchCondition(t, filters.q, postgres));
  return conditions;
}

/**
 * Each lead table's alias, its type, and its own columns in the union's order (a column the
 * other table has and this one lacks is null).
 */
const BRANCHES = {
  c: {
    type: "contact",
    table: sql`contact_messages c`,
    columns: sql`c.first_name as first_name, c.last_name as last_name, c.email as email,
      c.phone as phone, c.message as message, cast(null as text) as product,
      cast(null as text) as page, cast(null as text) as name, cast(null as text) as company,
      cast(null as text) as job_title, cast(null as text) as industry`,
  },
  d: {
    type: "demo",
    table: sql`demo_requests d`,
    columns: sql`cast(null as text) as first_name, cast(null as text) as last_name,
      d.email as email, d.phone as phone, cast(null as text) as message, d.product as product,
      d.page as page, d.name as name, d.company as company, d.job_title as job_title,
      d.industry as industry`,
  },
} as const;

/** The matching leads of one table as rows of the union. */
function branch(
  t: "c" | "d",
  filters: LeadFilters,
  { postgres, paged, direction }: BranchPlan,
  cursor?: Cursor | null,
  id?: string,
) {
  const { type, table, columns } = BRANCHES[t];
  const conditions = branchConditions(t, filters, { postgres, direction }, cursor, id);
  return sql`
    select ${sql.lit(type)} as type, ${sql.ref(`${t}.id`)} as id,
      ${sql.ref(`${t}.created_at`)} as created_at,
      ${sql.ref(`${t}.anonymised_at`)} as anonymised_at,
      coalesce(s.status, 'new') as status, s.owner_account_id as owner_account_id,
      s.first_response_at as first_response_at, coalesce(s.version, 0) as version, ${columns}, ${attributionOf(t)}
    from ${table}
    ${stateJoin(type, t, postgres && paged)}
    where ${and(conditions)}`;
}

/** Which lead tables the filters leave: a product or the type "demo" leaves no contact message. */
const tablesOf = (filters: LeadFilters) => ({
  contact: filters.type !== "demo" && !filters.product,
  demo: filters.type !== "contact",
});

/** Which leads a read takes: after a cursor, one by id, at most `limit`, in `direction`. */
interface UnionOptions {
  cursor?: Cursor | null;
  id?: string;
  limit?: number;
  direction?: Direction;
}

const orderOf = (direction: Direction) => (direction === "older" ? sql`desc` : sql`asc`);

/**
 * Both tables' matching leads as one UNION ALL, or null when the filters exclude both. With a
 * limit, each table gives at most that many of its newest matching rows, read off its
 * (created_at, id) index, so a page costs the same at 100 leads or 100,000.
 */
export function leadsUnion(
  db: Executor,
  filters: LeadFilters,
  { cursor, id, limit, direction = "older" }: UnionOptions = {},
) {
  const plan = { postgres: isPostgres(db), paged: limit !== undefined, direction };
  const branches: RawBuilder<unknown>[] = [];
  const order = orderOf(direction);
  const newest = (rows: RawBuilder<unknown>, t: "c" | "d") =>
    limit === undefined
      ? rows
      : sql`select * from (${rows} order by ${sql.ref(`${t}.created_at`)} ${order}, ${sql.ref(`${t}.id`)} ${order} limit ${limit}) ${sql.id(`${t}_newest`)}`;
  const tables = tablesOf(filters);
  if (tables.contact) branches.push(newest(branch("c", filters, plan, cursor, id), "c"));
  if (tables.demo) branches.push(newest(branch("d", filters, plan, cursor, id), "d"));
  return branches.length ? sql.join(branches, sql` union all `) : null;
}

/**
 * How many leads of each table match, as a UNION ALL of one `count` row per table, or null when
 * the filters exclude both. Same conditions as leadsUnion, but no lead's columns are read, and
 * lead_states (at most one row per lead) only when a filter is on the status or owner.
 */
export function leadCountsUnion(db: Executor, filters: LeadFilters) {
  const postgres = isPostgres(db);
  const withState = Boolean(filters.status || filters.ownerAccountId);
  const count = (type: LeadType, table: "contact_messages" | "demo_requests", t: "c" | "d") => sql`
    select count(*) as count from ${sql.table(table)} ${sql.id(t)}
    ${withState ? stateJoin(type, t, false) : sql``}
    where ${and(branchConditions(t, filters, { postgres }))}`;
  const tables = tablesOf(filters);
  const branches = [
    ...(tables.contact ? [count("contact", "contact_messages", "c")] : []),
    ...(tables.demo ? [count("demo", "demo_requests", "d")] : []),
  ];
  return branches.length ? sql.join(branches, sql` union all `) : null;
}

/** The matching leads, newest first: a page (`limit`), every one, or the one with `id`. */
export async function selectLeads(
  db: Executor,
  filters: LeadFilters,
  { cursor, limit, id, direction = "older" }: UnionOptions,
): Promise<LeadRow[]> {
  const union = leadsUnion(db, filters, { cursor, id, limit, direction });
  const order = orderOf(direction);
  if (!union) return [];
  const { rows } = await sql<LeadRow>`
    select l.*, a.email as owner_email,
      (select max(e.at) from lead_events e where e.lead_type = l.type and e.lead_id = l.id) as last_event_at
    from (${union}) l
    left join staff_accounts a on a.id = l.owner_account_id
    order by l.created_at ${order}, l.id ${order}
    ${limit !== undefined ? sql`limit ${limit}` : sql``}`.execute(db);
  return rows;
}

/** What a lead's target is worked out from (../service-hours/lead-target.ts). */
export const targetOf = (row: LeadRow) => ({
  type: row.type,
  createdAt: row.created_at,
  firstResponseAt: row.first_response_at,
});

/** A lead's row as the API shows it. */
export function toLead(row: LeadRow): Lead {
  const common = {
    id: leadKey(row.type, row.id),
    type: row.type,
    createdAt: row.created_at,
    status: row.status,
    owner: row.owner_email,
    ...(row.anonymised_at ? { anonymisedAt: row.anonymised_at } : {}),
  };
  if (row.type === "contact") {
    return {
      ...common,
      source: { formPage: pagePaths.contactUs, ...sourceOf(row) },
      firstName: row.first_name ?? "",
      lastName: row.last_name ?? "",
      email: row.email,
      phone: row.phone,
      message: row.message ?? "",
    };
  }
  return {
    ...common,
    source: row.page ? { formPage: row.page, ...sourceOf(row) } : null,
    product: row.product ?? "",
    name: row.name ?? "",
    email: row.email,
    phone: row.phone,
    company: row.company ?? "",
    jobTitle: row.job_title ?? "",
    industry: row.industry ?? "",
  };
}

/** The row of the lead a key (`contact_<uuid>`, `demo_<uuid>`) names, or null. */
export async function findLeadRow(db: Executor, key: string): Promise<LeadRow | null> {
  const parsed = parseLeadKey(key);
  if (!parsed) return null;
  const rows = await selectLeads(db, { type: parsed.type }, { id: parsed.id, limit: 1 });
  return rows[0] ?? null;
}
