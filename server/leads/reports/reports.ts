/**
 * Marketing's reports: how many leads arrived, counted by week, by demo product, by where the
 * visit came from and by campaign (the attribution of migration 0008), and how soon sales first
 * answered. Counts only, never a person's data. Decision 0018.
 */
import { type RawBuilder, type Transaction, sql } from "kysely";
import { type DB, isPostgres } from "../../db/database";
import type { Database } from "../../db/schema";
import type { ReportDimension, ReportLeadType, ReportRow } from "../../../staff-api/reports";
import { sourceName } from "./source-name";

/** The key of the leads whose visit did not say where it came from, or had no campaign. */
export const DIRECT = "(direct or not recorded)";
export const NO_CAMPAIGN = "(no campaign)";

const TABLES: Record<ReportLeadType, keyof Database> = {
  contact: "contact_messages",
  demo: "demo_requests",
  newsletter: "newsletter_subscriptions",
};

type Executor = DB | Transaction<Database>;

/** Every lead of the chosen types since `since`: its type, id, time, product and attribution. */
function leads(types: readonly ReportLeadType[], since: string) {
  return sql.join(
    types.map(
      (type) => sql`
        select cast(${type} as text) as type, id, created_at,
          ${type === "demo" ? sql`product` : sql`cast(null as text)`} as product,
          utm_source, utm_campaign, referrer
        from ${sql.table(TABLES[type])} where created_at >= ${since}`,
    ),
    sql` union all `,
  );
}

/** The Monday (UTC) of an ISO instant's week, as 2026-11-23. */
function weekOf(postgres: boolean, column: RawBuilder<unknown>) {
  return postgres
    ? sql`to_char(date_trunc('week', cast(${column} as timestamptz) at time zone 'UTC'), 'YYYY-MM-DD')`
    : sql`date(${column}, 'weekday 0', '-6 days')`;
}

export function mondayOf(date: Date): string {
  const day = (date.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - day))
    .toISOString()
    .slice(0, 10);
}

/** Leads counted by `by`, since `since` (an instant), of the chosen types. */
export async function leadReport(
  db: Executor,
  {
    by,
    since,
    types,
    now,
  }: { by: ReportDimension; since: string; types: readonly ReportLeadType[]; now: Date },
): Promise<ReportRow[]> {
  const postgres = isPostgres(db);
  const union = leads(by === "product" ? types.filter((t) => t === "demo") : types, since);
  if (by === "product" && !types.includes("demo")) return [];

  if (by === "week") {
    const ms = postgres
      ? sql`extract(epoch from (cast(s.first_response_at as timestamptz) - cast(l.created_at as timestamptz))) * 1000`
      : sql`(julianday(s.first_response_at) - julianday(l.created_at)) * 86400000.0`;
    const { rows } = await sql<{
      key: string;
      count: number | string;
      responded: number | string;
      average: number | string | null;
    }>`
      select ${weekOf(postgres, sql.ref("l.created_at"))} as key, count(*) as count,
        count(s.first_response_at) as responded,
        avg(case when s.first_response_at is null then null else ${ms} end) as average
      from (${union}) l
      left join lead_states s on s.lead_type = l.type and s.lead_id = l.id
      group by 1 order by 1`.execute(db);
    const found = new Map(rows.map((r) => [r.key, r]));
    // Every week of the range, those without a lead as 0: a chart must not skip them.
    const weeks: ReportRow[] = [];
    const answerable = types.some((t) => t !== "newsletter");
    for (
      let week = new Date(`${mondayOf(new Date(since))}T00:00:00Z`);
      week <= now;
      week = new Date(week.getTime() + 7 * 86_400_000)
    ) {
      const key = week.toISOString().slice(0, 10);
      const row = found.get(key);
      const average = row?.average;
      weeks.push({
        key,
        count: Number(row?.count ?? 0),
        ...(answerable
          ? {
              responded: Number(row?.responded ?? 0),
              averageFirstResponseMs:
                average === null || average === undefined ? null : Math.round(Number(average)),
            }
          : {}),
      });
    }
    return weeks;
  }

  // By source, campaign or product: how many came, and of the contact and demo requests among
  // them how many sales won and lost.
  const answerable = types.some((t) => t !== "newsletter");
  const { rows } = await sql<{
    utm_source: string | null;
    referrer: string | null;
    key: string | null;
    count: number | string;
    won: number | string;
    lost: number | string;
  }>`
    select utm_source, referrer, ${by === "product" ? sql`product` : sql`utm_campaign`} as key,
      count(*) as count,
      count(case when s.status = 'won' then 1 end) as won,
      count(case when s.status = 'lost' then 1 end) as lost
    from (${union}) l
    left join lead_states s on s.lead_type = l.type and s.lead_id = l.id
    group by 1, 2, 3`.execute(db);
  const found = new Map<string, ReportRow>();
  for (const row of rows) {
    const key =
      by === "source"
        ? (sourceName(row.utm_source, row.referrer) ?? DIRECT)
        : (row.key ?? NO_CAMPAIGN);
    const sum = found.get(key) ?? { key, count: 0, ...(answerable ? { won: 0, lost: 0 } : {}) };
    sum.count += Number(row.count);
    if (answerable) {
      sum.won = (sum.won ?? 0) + Number(row.won);
      sum.lost = (sum.lost ?? 0) + Number(row.lost);
    }
    found.set(key, sum);
  }
  // Most leads first; ties by name, so the order is stable.
  return [...found.values()].sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}
