/**
 * The lead inbox's queries: contact messages and demo requests as one list, newest first, with
 * their status, owner and history (lead_states, lead_events; migration 0005). A lead without a
 * lead_states row is "new" and unowned. See docs/decisions/0012-lead-workflow.md.
 */
import { randomUUID } from "node:crypto";
import { type RawBuilder, type Transaction, sql } from "kysely";
import { pagePaths } from "../../common/paths";
import { emailKey } from "../../leads/email";
import { type DB, isPostgres } from "../db/database";
import { searchTerm } from "../db/search-text";
import type {
  AttributionColumns,
  Database,
  LeadEventKind,
  LeadStatus,
  LeadType,
} from "../db/schema";
import { recordAudit } from "./audit";

export { LEAD_STATUSES, LEAD_TYPES, leadKey, parseLeadKey } from "../../leads/workflow";
import { leadKey, parseLeadKey } from "../../leads/workflow";
import type { LeadSource } from "../../leads/source";
import { ATTRIBUTION_COLUMNS } from "../db/migrations/0008-lead-attribution";

import { ALERT_KINDS, type AlertKind, isAlertKind } from "../alerts/alerts";

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;
/** Rows the CSV export reads per query. */
const EXPORT_BATCH = 500;

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

/** Where a page starts: the (created_at, id) of the last lead of the page before. */
export interface Cursor {
  createdAt: string;
  id: string;
}

/** A lead as the API shows it. */
export interface Lead {
  id: string;
  type: LeadType;
  createdAt: string;
  status: LeadStatus;
  owner: string | null;
  /** The page of its form, and where the visit came from (leads/source.ts) when it said. */
  source: ({ formPage: string } & LeadSource) | null;
  firstName?: string;
  lastName?: string;
  email: string;
  phone: string;
  message?: string;
  product?: string;
  name?: string;
  company?: string;
  jobTitle?: string;
  industry?: string;
}

interface LeadRow extends AttributionColumns {
  type: LeadType;
  id: string;
  created_at: string;
  status: LeadStatus;
  owner_account_id: string | null;
  owner_email: string | null;
  first_response_at: string | null;
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
}

// ---------------------------------------------------------------------------------------------
// Ids and cursors

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString("base64url");
}

/** The cursor an API client sent back, or null when it is not one we gave out. */
export function decodeCursor(text: string): Cursor | null {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(text)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [createdAt, id] = value as unknown[];
    if (typeof createdAt !== "string" || typeof id !== "string") return null;
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(createdAt)) return null;
    if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// The one query of both lead tables

/** `text` for LIKE: its own %, _ and \ match themselves (ESCAPE '\'). */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `text` for GLOB: its own *, ? and [ match themselves. */
function globPattern(text: string): string {
  return `*${text.replace(/[*?[]/g, (c) => `[${c}]`)}*`;
}

/**
 * Leads of table `t` whose search text (db/search-text.ts) contains `q`, read off the search
 * index of migration 0007: a trigram index under LIKE on PostgreSQL; on SQLite the FTS5 trigram
 * table, which uses its index for GLOB but not for LIKE with ESCAPE (hence GLOB, which is
 * case-sensitive: both sides are lower-cased already).
 */
function searchCondition(t: "c" | "d", q: string, postgres: boolean) {
  const term = searchTerm(q);
  if (postgres) return sql`${sql.ref(`${t}.search_text`)} like ${likePattern(term)} escape '\\'`;
  const index = sql.id(t === "c" ? "contact_messages_search" : "demo_requests_search");
  // Three characters or more: a phrase of trigrams, answered from the index alone. Shorter
  // terms have no trigram; GLOB then reads every row's text, which is still correct.
  const match =
    [...term].length >= 3
      ? sql`${index} match ${`"${term.replaceAll('"', '""')}"`}`
      : sql`search_text glob ${globPattern(term)}`;
  // The unary + keeps SQLite from reading the leads in the index's order: it still walks the
  // table newest first and stops after a page, checking each lead against the index's matches,
  // so a term in thousands of leads costs no more than a rare one.
  return sql`+${sql.ref(`${t}.rowid`)} in (select rowid from ${index} where ${match})`;
}

const and = (conditions: RawBuilder<unknown>[]) =>
  conditions.length ? sql.join(conditions, sql` and `) : sql`1 = 1`;

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

/** Conditions shared by both tables; `t` is the lead table's alias. */
function commonConditions(t: "c" | "d", filters: LeadFilters, cursor?: Cursor | null) {
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
  if (cursor) {
    conditions.push(
      sql`(${col("created_at")} < ${cursor.createdAt} or (${col("created_at")} = ${cursor.createdAt} and ${col("id")} < ${cursor.id}))`,
    );
  }
  return conditions;
}

/** How a branch reads: the dialect, and whether it stops after a page (see stateJoin). */
interface BranchPlan {
  postgres: boolean;
  paged: boolean;
}

/** The attribution columns of lead table `t` (migration 0008), under their own names. */
const attributionOf = (t: "c" | "d") =>
  sql.join(ATTRIBUTION_COLUMNS.map((column) => sql.ref(`${t}.${column}`)));

function contactBranch(
  filters: LeadFilters,
  { postgres, paged }: BranchPlan,
  cursor?: Cursor | null,
  id?: string,
) {
  const conditions = commonConditions("c", filters, cursor);
  if (id !== undefined) conditions.push(sql`c.id = ${id}`);
  if (filters.q) conditions.push(searchCondition("c", filters.q, postgres));
  return sql`
    select 'contact' as type, c.id as id, c.created_at as created_at,
      coalesce(s.status, 'new') as status, s.owner_account_id as owner_account_id,
      s.first_response_at as first_response_at,
      c.first_name as first_name, c.last_name as last_name, c.email as email, c.phone as phone,
      c.message as message, cast(null as text) as product, cast(null as text) as page,
      cast(null as text) as name, cast(null as text) as company,
      cast(null as text) as job_title, cast(null as text) as industry,
      ${attributionOf("c")}
    from contact_messages c
    ${stateJoin("contact", "c", postgres && paged)}
    where ${and(conditions)}`;
}

function demoBranch(
  filters: LeadFilters,
  { postgres, paged }: BranchPlan,
  cursor?: Cursor | null,
  id?: string,
) {
  const conditions = commonConditions("d", filters, cursor);
  if (id !== undefined) conditions.push(sql`d.id = ${id}`);
  if (filters.product) conditions.push(sql`d.product = ${filters.product}`);
  if (filters.q) conditions.push(searchCondition("d", filters.q, postgres));
  return sql`
    select 'demo' as type, d.id as id, d.created_at as created_at,
      coalesce(s.status, 'new') as status, s.owner_account_id as owner_account_id,
      s.first_response_at as first_response_at,
      cast(null as text) as first_name, cast(null as text) as last_name, d.email as email,
      d.phone as phone, cast(null as text) as message, d.product as product, d.page as page,
      d.name as name, d.company as company, d.job_title as job_title, d.industry as industry,
      ${attributionOf("d")}
    from demo_requests d
    ${stateJoin("demo", "d", postgres && paged)}
    where ${and(conditions)}`;
}

/**
 * Both tables' matching leads as one UNION ALL, or null when the filters exclude both. With a
 * limit, each table gives at most that many of its newest matching rows, read off its
 * (created_at, id) index, so a page costs the same at 100 leads or 100,000.
 */
function leadsUnion(
  db: Executor,
  filters: LeadFilters,
  { cursor, id, limit }: { cursor?: Cursor | null; id?: string; limit?: number } = {},
) {
  const plan = { postgres: isPostgres(db), paged: limit !== undefined };
  const branches: RawBuilder<unknown>[] = [];
  const newest = (branch: RawBuilder<unknown>, t: "c" | "d") =>
    limit === undefined
      ? branch
      : sql`select * from (${branch} order by ${sql.ref(`${t}.created_at`)} desc, ${sql.ref(`${t}.id`)} desc limit ${limit}) ${sql.id(`${t}_newest`)}`;
  if (filters.type !== "demo" && !filters.product) {
    branches.push(newest(contactBranch(filters, plan, cursor, id), "c"));
  }
  if (filters.type !== "contact") branches.push(newest(demoBranch(filters, plan, cursor, id), "d"));
  return branches.length ? sql.join(branches, sql` union all `) : null;
}

async function selectLeads(
  db: Executor,
  filters: LeadFilters,
  { cursor, limit, id }: { cursor?: Cursor | null; limit?: number; id?: string },
): Promise<LeadRow[]> {
  const union = leadsUnion(db, filters, { cursor, id, limit });
  if (!union) return [];
  const { rows } = await sql<LeadRow>`
    select l.*, a.email as owner_email
    from (${union}) l
    left join staff_accounts a on a.id = l.owner_account_id
    order by l.created_at desc, l.id desc
    ${limit !== undefined ? sql`limit ${limit}` : sql``}`.execute(db);
  return rows;
}

/** The attribution a lead's row holds, without the parts the visit did not say. */
export function sourceOf(row: AttributionColumns): LeadSource {
  const source: LeadSource = {
    landingPage: row.landing_page ?? undefined,
    referrer: row.referrer ?? undefined,
    utmSource: row.utm_source ?? undefined,
    utmMedium: row.utm_medium ?? undefined,
    utmCampaign: row.utm_campaign ?? undefined,
    utmTerm: row.utm_term ?? undefined,
    utmContent: row.utm_content ?? undefined,
  };
  return Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined));
}

function toLead(row: LeadRow): Lead {
  const common = {
    id: leadKey(row.type, row.id),
    type: row.type,
    createdAt: row.created_at,
    status: row.status,
    owner: row.owner_email,
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

/** One page of leads, newest first, and the cursor of the next page (null on the last). */
export async function listLeads(
  db: Executor,
  filters: LeadFilters,
  { cursor = null, limit = DEFAULT_PAGE_SIZE }: { cursor?: Cursor | null; limit?: number } = {},
): Promise<{ items: Lead[]; nextCursor: string | null }> {
  const rows = await selectLeads(db, filters, { cursor, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toLead),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor({ createdAt: last.created_at, id: last.id })
        : null,
  };
}

/** Every matching lead, newest first, read a batch at a time (for the CSV export). */
export async function* allLeads(db: DB, filters: LeadFilters): AsyncGenerator<Lead> {
  let cursor: Cursor | null = null;
  for (;;) {
    const rows = await selectLeads(db, filters, { cursor, limit: EXPORT_BATCH });
    for (const row of rows) yield toLead(row);
    const last = rows.at(-1);
    if (rows.length < EXPORT_BATCH || !last) return;
    cursor = { createdAt: last.created_at, id: last.id };
  }
}

/** How many leads match, and how many of them have a first response and how soon on average. */
export async function leadStats(
  db: Executor,
  filters: LeadFilters,
): Promise<{ count: number; responded: number; averageFirstResponseMs: number | null }> {
  const union = leadsUnion(db, filters);
  if (!union) return { count: 0, responded: 0, averageFirstResponseMs: null };
  // Timestamps are ISO text: each database turns them into milliseconds its own way.
  const ms = isPostgres(db)
    ? sql`extract(epoch from (cast(l.first_response_at as timestamptz) - cast(l.created_at as timestamptz))) * 1000`
    : sql`(julianday(l.first_response_at) - julianday(l.created_at)) * 86400000.0`;
  const { rows } = await sql<{
    count: number | string;
    responded: number | string;
    average: number | string | null;
  }>`
    select count(*) as count, count(l.first_response_at) as responded,
      avg(case when l.first_response_at is null then null else ${ms} end) as average
    from (${union}) l`.execute(db);
  const row = rows[0];
  const average = row?.average;
  return {
    count: Number(row?.count ?? 0),
    responded: Number(row?.responded ?? 0),
    averageFirstResponseMs:
      average === null || average === undefined ? null : Math.round(Number(average)),
  };
}

// ---------------------------------------------------------------------------------------------
// One lead, its timeline, and changes

export type TimelineEntry =
  | {
      kind: Exclude<LeadEventKind, "note">;
      at: string;
      actor: string | null;
      from: string | null;
      to: string | null;
    }
  | { kind: "note"; at: string; actor: string | null; text: string }
  | {
      kind: "delivery";
      /** The sales e-mail, or an alert (server/alerts/). */
      channel: "email" | AlertKind;
      at: string;
      status: string;
      attempts: number;
      sentAt: string | null;
    };

export interface LeadDetail extends Lead {
  firstResponseAt: string | null;
  /** From the lead's arrival to its first response; null until there is one. */
  timeToFirstResponseMs: number | null;
  timeline: TimelineEntry[];
}

async function findLeadRow(db: Executor, key: string): Promise<LeadRow | null> {
  const parsed = parseLeadKey(key);
  if (!parsed) return null;
  const rows = await selectLeads(db, { type: parsed.type }, { id: parsed.id, limit: 1 });
  return rows[0] ?? null;
}

/** The lead with its timeline (changes, notes, notification deliveries), or null. */
export async function getLead(db: Executor, key: string): Promise<LeadDetail | null> {
  const row = await findLeadRow(db, key);
  if (!row) return null;
  const events = await db
    .selectFrom("lead_events")
    .selectAll()
    .where("lead_type", "=", row.type)
    .where("lead_id", "=", row.id)
    .orderBy("at")
    .orderBy("id")
    .execute();
  const accountIds = [
    ...new Set(
      events.flatMap((e) => [e.actor_account_id, ...(e.kind === "owner" ? [e.from, e.to] : [])]),
    ),
  ].filter((id): id is string => id !== null);
  const accounts = new Map(
    accountIds.length
      ? (
          await db
            .selectFrom("staff_accounts")
            .select(["id", "email"])
            .where("id", "in", accountIds)
            .execute()
        ).map((a) => [a.id, a.email])
      : [],
  );
  const emailOf = (id: string | null) => (id === null ? null : (accounts.get(id) ?? null));
  const deliveries = await db
    .selectFrom("outbox")
    .select(["kind", "created_at", "status", "attempts", "sent_at"])
    .where("lead_id", "=", row.id)
    .where("kind", "in", [row.type, ...ALERT_KINDS])
    .orderBy("created_at")
    .execute();
  const timeline: TimelineEntry[] = [
    ...events.map((e): TimelineEntry => {
      const actor = emailOf(e.actor_account_id);
      if (e.kind === "note") return { kind: "note", at: e.at, actor, text: e.text ?? "" };
      return e.kind === "owner"
        ? { kind: "owner", at: e.at, actor, from: emailOf(e.from), to: emailOf(e.to) }
        : { kind: "status", at: e.at, actor, from: e.from, to: e.to };
    }),
    ...deliveries.map((d): TimelineEntry => ({
      kind: "delivery",
      channel: isAlertKind(d.kind) ? d.kind : "email",
      at: d.created_at,
      status: d.status,
      attempts: Number(d.attempts),
      sentAt: d.sent_at,
    })),
  ];
  // Stable: events and deliveries at the same instant keep the order above.
  timeline.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return {
    ...toLead(row),
    firstResponseAt: row.first_response_at,
    timeToFirstResponseMs: row.first_response_at
      ? Date.parse(row.first_response_at) - Date.parse(row.created_at)
      : null,
    timeline,
  };
}

/** An enabled staff account by e-mail, or null (for owners). */
export async function enabledAccountByEmail(
  db: Executor,
  address: string,
): Promise<{ id: string; email: string } | null> {
  const row = await db
    .selectFrom("staff_accounts")
    .select(["id", "email"])
    .where("email_key", "=", emailKey(address))
    .where("disabled_at", "is", null)
    .executeTakeFirst();
  return row ?? null;
}

/** The account id an `owner` filter names: "none", an account's id, or null for no account. */
export async function ownerFilter(db: Executor, owner: string): Promise<string | null> {
  if (owner === "none") return "none";
  const row = await db
    .selectFrom("staff_accounts")
    .select("id")
    .where("email_key", "=", emailKey(owner))
    .executeTakeFirst();
  return row?.id ?? null;
}

export interface Actor {
  accountId: string;
  email: string;
}

export class UnknownOwnerError extends Error {
  constructor() {
    super("owner is not an enabled staff account");
  }
}

/**
 * Changes a lead's status and/or owner, with a timeline event and an audit entry for each change,
 * in one transaction. The first status other than "new" sets first_response_at (once). Returns
 * the lead as it now is, read in that transaction (null when there is no such lead); a request
 * that changes nothing still reads it, notes and all, so it is audited as `lead.view`. Throws
 * UnknownOwnerError for an owner that is not an enabled account.
 */
export async function updateLead(
  db: DB,
  key: string,
  change: { status?: LeadStatus; owner?: string | null },
  actor: Actor,
  now: Date,
): Promise<LeadDetail | null> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await findLeadRow(trx, key);
    if (!row) return null;
    let ownerId: string | null | undefined;
    let ownerEmail: string | null = null;
    if (change.owner === null) ownerId = null;
    else if (change.owner !== undefined) {
      const account = await enabledAccountByEmail(trx, change.owner);
      if (!account) throw new UnknownOwnerError();
      ownerId = account.id;
      ownerEmail = account.email;
    }
    const state = await lockState(trx, row, at);
    const record = { type: "lead", id: key };
    const audit = { at, actor: { id: actor.accountId, email: actor.email }, record };
    const statusChanged = change.status !== undefined && change.status !== state.status;
    const ownerChanged = ownerId !== undefined && ownerId !== state.owner_account_id;
    if (!statusChanged && !ownerChanged) await recordAudit(trx, { ...audit, action: "lead.view" });
    if (statusChanged) {
      await trx
        .updateTable("lead_states")
        .set({
          status: change.status,
          updated_at: at,
          ...(change.status !== "new"
            ? { first_response_at: sql<string>`coalesce(first_response_at, ${at})` }
            : {}),
        })
        .where("lead_type", "=", row.type)
        .where("lead_id", "=", row.id)
        .execute();
      await addEvent(trx, row, actor, at, {
        kind: "status",
        from: state.status,
        to: change.status,
      });
      await recordAudit(trx, {
        ...audit,
        action: "lead.status-changed",
        detail: { from: state.status, to: change.status },
      });
    }
    if (ownerChanged) {
      await trx
        .updateTable("lead_states")
        .set({ owner_account_id: ownerId, updated_at: at })
        .where("lead_type", "=", row.type)
        .where("lead_id", "=", row.id)
        .execute();
      await addEvent(trx, row, actor, at, {
        kind: "owner",
        from: state.owner_account_id,
        to: ownerId,
      });
      await recordAudit(trx, {
        ...audit,
        action: "lead.owner-changed",
        detail: { from: row.owner_email, to: ownerEmail },
      });
    }
    return getLead(trx, key);
  });
}

/** Adds a note to a lead (setting first_response_at if unset); false when there is no such lead. */
export async function addNote(
  db: DB,
  key: string,
  text: string,
  actor: Actor,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await findLeadRow(trx, key);
    if (!row) return false;
    await lockState(trx, row, at);
    await trx
      .updateTable("lead_states")
      .set({ first_response_at: sql<string>`coalesce(first_response_at, ${at})`, updated_at: at })
      .where("lead_type", "=", row.type)
      .where("lead_id", "=", row.id)
      .execute();
    await addEvent(trx, row, actor, at, { kind: "note", text });
    // The note's text stays out of the append-only log: erasure could not remove it there.
    await recordAudit(trx, {
      action: "lead.note-added",
      at,
      actor: { id: actor.accountId, email: actor.email },
      record: { type: "lead", id: key },
      detail: { length: text.length },
    });
    return true;
  });
}

/**
 * The lead's state row, created as "new" and unowned if it had none, and locked (PostgreSQL) so
 * that two changes to one lead at once are applied one after the other.
 */
async function lockState(trx: Transaction<Database>, row: LeadRow, at: string) {
  await trx
    .insertInto("lead_states")
    .values({
      lead_type: row.type,
      lead_id: row.id,
      status: "new",
      owner_account_id: null,
      first_response_at: null,
      updated_at: at,
    })
    .onConflict((oc) => oc.columns(["lead_type", "lead_id"]).doNothing())
    .execute();
  let query = trx
    .selectFrom("lead_states")
    .select(["status", "owner_account_id"])
    .where("lead_type", "=", row.type)
    .where("lead_id", "=", row.id);
  if (isPostgres(trx)) query = query.forUpdate();
  return query.executeTakeFirstOrThrow();
}

async function addEvent(
  trx: Transaction<Database>,
  row: LeadRow,
  actor: Actor,
  at: string,
  event: { kind: LeadEventKind; from?: string | null; to?: string | null; text?: string },
) {
  await trx
    .insertInto("lead_events")
    .values({
      id: randomUUID(),
      lead_type: row.type,
      lead_id: row.id,
      at,
      actor_account_id: actor.accountId,
      kind: event.kind,
      from: event.from ?? null,
      to: event.to ?? null,
      text: event.text ?? null,
    })
    .execute();
}

/** Reads a lead for a member of staff and records the view, in one transaction. */
export async function viewLead(
  db: DB,
  key: string,
  actor: Actor,
  now: Date,
): Promise<LeadDetail | null> {
  return db.transaction().execute(async (trx) => {
    const lead = await getLead(trx, key);
    if (lead) {
      await recordAudit(trx, {
        action: "lead.view",
        at: now.toISOString(),
        actor: { id: actor.accountId, email: actor.email },
        record: { type: "lead", id: key },
      });
    }
    return lead;
  });
}
