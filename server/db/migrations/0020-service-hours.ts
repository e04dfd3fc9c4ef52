import type { Kysely, Migration } from "kysely";
import { dropTables, requiredText } from "./ddl";

/**
 * The sales team's service hours and the first response's targets (server/leads/service-hours/):
 *
 * - `service_hours`: one row, `sales`, whose `value` is the days and targets an admin saved (JSON),
 *   null until then (the company's published hours, common/site.ts, and the default targets);
 *   `version` goes up with each save and is answered as its ETag.
 * - `public_holidays`: the days the team does not work, one row per date, as an admin keeps them.
 *   Seeded with Ghana's statutory public holidays for 2026 and 2027 (the Public Holidays and
 *   Commemorative Days Act, 2001 (Act 601) as amended in 2019 and 2025; docs/decisions/0054): the
 *   dates fixed by the Act, and the announced (or expected) dates of Easter and the two Eids. A
 *   holiday moved to a Monday is announced each time; an admin adds that day.
 * - `lead_escalations`: one row per lead escalated for being overdue. Its key makes the
 *   escalation happen once, whichever server instance gets there first.
 */
export const serviceHours: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("service_hours")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("value", "text")
      .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
      .$call(requiredText("updated_at"))
      .addColumn("updated_by_account_id", "text")
      .execute();
    const seeded = db as Kysely<SeededTables>;
    await seeded
      .insertInto("service_hours")
      .values({ id: "sales", value: null, version: 0, updated_at: SEEDED_AT })
      .execute();

    await db.schema
      .createTable("public_holidays")
      .addColumn("date", "text", (c) => c.primaryKey())
      .$call(requiredText("name"))
      .execute();
    await seeded.insertInto("public_holidays").values(GHANA_HOLIDAYS_2026_2027).execute();

    await db.schema
      .createTable("lead_escalations")
      .$call(requiredText("lead_type", "lead_id", "escalated_at"))
      .addPrimaryKeyConstraint("lead_escalations_pk", ["lead_type", "lead_id"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await dropTables(db, ["lead_escalations", "public_holidays", "service_hours"]);
  },
};

/** The rows this migration writes, as it writes them (the tables' types: server/db/schema.ts). */
interface SeededTables {
  service_hours: { id: string; value: string | null; version: number; updated_at: string };
  public_holidays: { date: string; name: string };
}

const SEEDED_AT = "2026-12-07T00:00:00.000Z";

/** The holidays on the same day every year (Act 601 as amended in 2025). */
const FIXED = [
  ["01-01", "New Year's Day"],
  ["01-07", "Constitution Day"],
  ["03-06", "Independence Day"],
  ["05-01", "May Day"],
  ["07-01", "Republic Day"],
  ["09-21", "Founders' Day (Kwame Nkrumah Memorial Day)"],
  ["12-25", "Christmas Day"],
  ["12-26", "Boxing Day"],
] as const;

/**
 * Each year's dated holidays: Easter's from the church calendar; the Eids' as expected from the
 * lunar calendar, which the Office of the Chief Imam confirms shortly before (an admin corrects the
 * row then). Farmers' Day is the first Friday of December.
 */
const DATED: Record<number, readonly (readonly [string, string])[]> = {
  2026: [
    ["03-20", "Eid al-Fitr"],
    ["03-21", "Shaqq Day"],
    ["04-03", "Good Friday"],
    ["04-06", "Easter Monday"],
    ["05-27", "Eid al-Adha"],
    ["12-04", "Farmers' Day"],
  ],
  2027: [
    ["03-10", "Eid al-Fitr"],
    ["03-11", "Shaqq Day"],
    ["03-26", "Good Friday"],
    ["03-29", "Easter Monday"],
    ["05-17", "Eid al-Adha"],
    ["12-03", "Farmers' Day"],
  ],
};

const GHANA_HOLIDAYS_2026_2027 = [2026, 2027]
  .flatMap((year) =>
    [...FIXED, ...(DATED[year] ?? [])].map(([day, name]) => ({ date: `${year}-${day}`, name })),
  )
  .sort((a, b) => a.date.localeCompare(b.date));
