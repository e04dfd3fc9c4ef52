import { useEffect, useState } from "react";
import { DateTime } from "./date-time";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** `count` `unit`s, the unit in the plural unless there is one: "1 day", "3 days". */
const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;

/**
 * How long ago `at` was, as a person says it at a glance: "just now", "5 min ago", "3 h ago",
 * "2 days ago", "3 weeks ago", "4 months ago", "2 years ago". A moment ahead of `now` (a clock
 * slightly off) is "just now".
 */
export function timeAgo(at: string, now: Date): string {
  const ms = now.getTime() - new Date(at).getTime();
  if (Number.isNaN(ms)) return "—";
  if (ms < MINUTE) return "just now";
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min ago`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)} h ago`;
  const days = Math.floor(ms / DAY);
  if (days < 14) return `${plural(days, "day")} ago`;
  if (days < 60) return `${plural(Math.floor(days / 7), "week")} ago`;
  if (days < 730) return `${plural(Math.floor(days / 30), "month")} ago`;
  return `${plural(Math.floor(days / 365), "year")} ago`;
}

/**
 * A record's age in words ("3 h ago"), with the exact moment under it in Accra time (DateTime, a
 * `<time>` element), so that a glance tells how long a lead has waited and a look tells when.
 */
export function RelativeAge({ at, now, label }: { at: string; now: Date; label: string }) {
  return (
    <span className="block">
      <span className="sr-only">{label} </span>
      <span className="block font-semibold">{timeAgo(at, now)}</span>
      <span className="block text-xs text-muted">
        {/* DateTime names the zone itself ("… Accra time"). */}
        <DateTime at={at} />
      </span>
    </span>
  );
}

/** The time now, moved on every minute while the page is open, so that the ages keep true. */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), MINUTE);
    return () => clearInterval(timer);
  }, []);
  return now;
}
