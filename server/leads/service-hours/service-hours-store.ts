/**
 * The service hours as stored (migration 0020): the days and targets an admin saved on the one
 * `service_hours` row (until then the company's published hours and the default targets), and the
 * public holidays, one row each. A save replaces them all, provided nobody saved since the version
 * it names.
 */
import type { Transaction } from "kysely";
import * as z from "zod/mini";
import {
  DEFAULT_DAYS,
  DEFAULT_TARGETS,
  SERVICE_TIMEZONE,
  type ServiceHours,
  WEEKDAYS,
} from "../../../staff-api/service-hours";
import type { DB } from "../../db/database";
import type { Database } from "../../db/schema";

type Executor = DB | Transaction<Database>;

const ROW = "sales";

/** The hours and the version they were read at (their ETag). */
export interface VersionedHours {
  hours: ServiceHours;
  version: string;
}

/** What the row's `value` holds: the days and targets as saved. */
const Saved = z.object({
  days: z.record(z.string(), z.nullable(z.tuple([z.string(), z.string()]))),
  targets: z.object({ contact: z.number(), demo: z.number() }),
});

/** The public holidays, oldest first. */
function readHolidays(db: Executor) {
  return db.selectFrom("public_holidays").select(["date", "name"]).orderBy("date").execute();
}

/** The service hours as they now are, holidays oldest first. */
export async function readServiceHours(db: Executor): Promise<VersionedHours> {
  const row = await db
    .selectFrom("service_hours")
    .select(["value", "version"])
    .where("id", "=", ROW)
    .executeTakeFirst();
  const holidays = await readHolidays(db);
  const saved = row?.value ? Saved.parse(JSON.parse(row.value)) : null;
  const days = saved
    ? Object.fromEntries(
        WEEKDAYS.flatMap((day) => (saved.days[day] ? [[day, saved.days[day]]] : [])),
      )
    : DEFAULT_DAYS;
  return {
    hours: {
      timezone: SERVICE_TIMEZONE,
      days,
      holidays,
      targets: saved?.targets ?? DEFAULT_TARGETS,
    },
    version: String(row?.version ?? 0),
  };
}

/**
 * Replaces the service hours with `hours` when the stored version is one `isCurrent` accepts, in
 * the caller's transaction; false (nothing written) when another save came first. The version is
 * checked and raised by one conditional UPDATE, so of two saves naming one version only one is
 * applied, on either database.
 */
export async function replaceServiceHours(
  trx: Transaction<Database>,
  hours: ServiceHours,
  {
    accountId,
    at,
    isCurrent,
  }: { accountId: string; at: string; isCurrent: (v: string) => boolean },
): Promise<boolean> {
  const current = await trx
    .selectFrom("service_hours")
    .select("version")
    .where("id", "=", ROW)
    .executeTakeFirstOrThrow();
  if (!isCurrent(String(current.version))) return false;
  const days = Object.fromEntries(WEEKDAYS.map((day) => [day, hours.days[day] ?? null]));
  const updated = await trx
    .updateTable("service_hours")
    .set({
      value: JSON.stringify({ days, targets: hours.targets }),
      version: Number(current.version) + 1,
      updated_at: at,
      updated_by_account_id: accountId,
    })
    .where("id", "=", ROW)
    .where("version", "=", current.version)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  await trx.deleteFrom("public_holidays").execute();
  if (hours.holidays.length) {
    await trx
      .insertInto("public_holidays")
      .values(hours.holidays.map(({ date, name }) => ({ date, name: name.trim() })))
      .execute();
  }
  return true;
}
