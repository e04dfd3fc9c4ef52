/**
 * Dates and durations as the console shows them. The company works in Accra (GMT, no daylight
 * saving): every time the console shows or takes is Accra's, named as such, whatever the time
 * zone of the device (decision 0024). Day month year, 24-hour clock (common/accra-time.ts).
 */
import { ACCRA_TIME_ZONE } from "@common/accra-time";
export { TIME_ZONE_LABEL, formatAccraTime as formatDateTime } from "@common/accra-time";

/** Accra's wall clock, in parts; h23 so that midnight is 00, never 24. */
const WALL_CLOCK = new Intl.DateTimeFormat("en-GB", {
  timeZone: ACCRA_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** `date` on Accra's clock as a datetime-local input's value: "2026-11-27T10:00". */
export function toAccraInput(date: Date): string {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of WALL_CLOCK.formatToParts(date)) part[type] = value;
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
}

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
  const offset = Date.parse(`${toAccraInput(new Date(asIfUtc))}Z`) - asIfUtc;
  const at = new Date(asIfUtc - offset);
  // A day the month does not have (Date.UTC rolls it over) does not come back the same.
  return toAccraInput(at) === value ? at : null;
}

/** 90 000 ms → "1 min 30 s"; 3 days and more → "3 d 4 h". Two units at most. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return "—";
  const units: [string, number][] = [
    ["d", 86_400_000],
    ["h", 3_600_000],
    ["min", 60_000],
    ["s", 1000],
  ];
  const parts: string[] = [];
  let rest = Math.round(ms);
  for (const [name, size] of units) {
    const count = Math.floor(rest / size);
    if (count > 0 || (parts.length === 0 && name === "s")) parts.push(`${count} ${name}`);
    rest -= count * size;
    if (parts.length === 2) break;
  }
  return parts.join(" ");
}
