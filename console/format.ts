/**
 * Dates and durations as the console shows them. The company works in Accra (GMT, no daylight
 * saving): every time the console shows or takes is Accra's, named as such, whatever the time
 * zone of the device (decision 0024). Day month year, 24-hour clock (common/accra-time.ts).
 */
export {
  TIME_ZONE_LABEL,
  formatAccraTime as formatDateTime,
  fromAccraInput,
  toAccraInput,
} from "@common/accra-time";

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
