/**
 * The company works on Accra's clock (GMT, no daylight saving): every time staff see, in the
 * console, in their e-mails and in exports, is Accra's, named as such, whatever the time zone of
 * the device or the server (docs/decisions/0024). Day month year, 24-hour clock.
 */
export const ACCRA_TIME_ZONE = "Africa/Accra";
/** What follows every time shown, and labels every field that takes one. */
export const TIME_ZONE_LABEL = "Accra time";

const DATE_TIME = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: ACCRA_TIME_ZONE,
});

/** "27 Nov 2026, 10:00 Accra time"; "—" for no time (or one that is not a time). */
export function formatAccraTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "—" : `${DATE_TIME.format(date)} ${TIME_ZONE_LABEL}`;
}
