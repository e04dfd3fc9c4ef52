/**
 * Accra's clock, which every time staff read or type is on (decision 0024): the console's times
 * and date fields, and the server's Excel exports. Accra keeps GMT all year, but the offset is
 * asked of Intl rather than assumed, so the device's or the server's own zone never leaks in.
 */
export const TIME_ZONE = "Africa/Accra";
/** What follows every time on screen, and labels every field or column that holds one. */
export const TIME_ZONE_LABEL = "Accra time";

/** Accra's wall clock, in parts; h23 so that midnight is 00, never 24. */
const WALL_CLOCK = new Intl.DateTimeFormat("en-GB", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/**
 * `date` as Accra's wall clock reads it, as a Date whose UTC fields are that reading: what a
 * spreadsheet, which knows no time zones, must be given to show Accra's time.
 */
export function accraWallClock(date: Date): Date {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of WALL_CLOCK.formatToParts(date)) part[type] = value;
  const { year, month, day, hour, minute, second } = part;
  const wholeSeconds = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
  );
  return new Date(wholeSeconds + date.getUTCMilliseconds());
}

/** `date` on Accra's clock as a datetime-local input's value: "2026-11-27T10:00". */
export const toAccraInput = (date: Date): string => accraWallClock(date).toISOString().slice(0, 16);

/**
 * A datetime-local input's value ("2026-11-27T10:00") read on Accra's clock, not the device's:
 * the instant it names, or null for anything that is not a day and time of the calendar.
 */
export function fromAccraInput(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as number[];
  const asIfUtc = Date.UTC(year!, month! - 1, day!, hour!, minute!);
  // Accra's offset from UTC at that moment, as Intl knows it (none since 1918).
  const offset = accraWallClock(new Date(asIfUtc)).getTime() - asIfUtc;
  const at = new Date(asIfUtc - offset);
  // A day the month does not have (Date.UTC rolls it over) does not come back the same.
  return toAccraInput(at) === value ? at : null;
}

const DATE_TIME = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: TIME_ZONE,
});

/**
 * "27 Nov 2026, 10:00 Accra time"; "—" for no time (or one that is not a time): the console's
 * times, the access request's export and the sales team's e-mails.
 */
export function formatAccraTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "—" : `${DATE_TIME.format(date)} ${TIME_ZONE_LABEL}`;
}
