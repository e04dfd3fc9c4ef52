/**
 * Time counted in the sales team's service hours: from a lead's arrival, how many working minutes
 * pass, and when a number of them will have passed. Only the hours of a working day count: nights,
 * closed days and public holidays do not. Pure: the hours are given, nothing is read.
 *
 * Days and times are the team's local ones (the hours' `timezone`). Accra keeps UTC+0 all year and
 * has no summer time, so a local day is a fixed offset from UTC and plain date arithmetic on that
 * offset is exact; no time-zone library is needed while the contract allows only Accra.
 */
import { type ServiceHours, WEEKDAYS, type Weekday } from "../../../staff-api/service-hours";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Each time zone the contract allows, and its offset from UTC in minutes (no summer time). */
const UTC_OFFSET_MINUTES: Record<ServiceHours["timezone"], number> = { "Africa/Accra": 0 };

/**
 * How far ahead a due time is looked for: a year of days is more than any target (30 days at
 * most) needs, even with a single working day a week and every holiday.
 */
const SEARCH_DAYS = 400;

/** The hours as the arithmetic reads them: each local day's open spans, by its midnight. */
export interface Calendar {
  offsetMs: number;
  /** The day's opening and closing as milliseconds after its local midnight; null when closed. */
  spanOf(localMidnight: number): [number, number] | null;
}

const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  return (hours * 60 + minutes) * MINUTE;
};

/** Monday is 0, as in WEEKDAYS; `localMidnight` is a local day's midnight as if it were UTC. */
const weekdayOf = (localMidnight: number): Weekday =>
  WEEKDAYS[(new Date(localMidnight).getUTCDay() + 6) % 7] as Weekday;

/** The service hours read once, for many leads (one request's worth). */
export function calendarOf(hours: ServiceHours): Calendar {
  const holidays = new Set(hours.holidays.map((holiday) => holiday.date));
  const spans = new Map(
    WEEKDAYS.map((day) => {
      const open = hours.days[day];
      return [day, open ? ([minutesOf(open[0]), minutesOf(open[1])] as [number, number]) : null];
    }),
  );
  return {
    offsetMs: UTC_OFFSET_MINUTES[hours.timezone] * MINUTE,
    spanOf(localMidnight) {
      if (holidays.has(new Date(localMidnight).toISOString().slice(0, 10))) return null;
      return spans.get(weekdayOf(localMidnight)) ?? null;
    },
  };
}

const asCalendar = (hours: ServiceHours | Calendar): Calendar =>
  "spanOf" in hours ? hours : calendarOf(hours);

const midnightOf = (local: number) => Math.floor(local / DAY) * DAY;

/**
 * When `minutes` minutes of service time will have passed since `start`: a start outside the
 * hours (at night, on a closed day or a holiday) counts from the next opening. Null when the
 * hours have no working day within the next year (no due time can be given).
 */
export function addBusinessMinutes(
  start: Date,
  minutes: number,
  hours: ServiceHours | Calendar,
): Date | null {
  const calendar = asCalendar(hours);
  let remaining = minutes * MINUTE;
  let local = start.getTime() + calendar.offsetMs;
  for (let day = 0; day < SEARCH_DAYS; day++) {
    const midnight = midnightOf(local);
    const span = calendar.spanOf(midnight);
    if (span) {
      const from = Math.max(local, midnight + span[0]);
      const until = midnight + span[1];
      if (from < until || (remaining === 0 && from <= until)) {
        if (from + remaining <= until) return new Date(from + remaining - calendar.offsetMs);
        remaining -= until - from;
      }
    }
    local = midnight + DAY;
  }
  return null;
}

/**
 * The minutes of service time from `a` to `b` (fractions for parts of a minute); negative when
 * `b` is before `a`.
 */
export function businessMinutesBetween(a: Date, b: Date, hours: ServiceHours | Calendar): number {
  if (b < a) return -businessMinutesBetween(b, a, hours);
  const calendar = asCalendar(hours);
  const end = b.getTime() + calendar.offsetMs;
  let local = a.getTime() + calendar.offsetMs;
  let total = 0;
  while (local < end) {
    const midnight = midnightOf(local);
    const span = calendar.spanOf(midnight);
    if (span) {
      const from = Math.max(local, midnight + span[0]);
      const until = Math.min(end, midnight + span[1]);
      if (until > from) total += until - from;
    }
    local = midnight + DAY;
  }
  return total / MINUTE;
}
