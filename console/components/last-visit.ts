import { useEffect, useState } from "react";

/**
 * "New since your last visit", remembered per browser (localStorage) and per member of staff:
 * no account-wide state on the server, so a phone and a desk each mark what they have not shown.
 *
 * A visit is a run of views of the list with less than VISIT_GAP between two: opening a lead and
 * coming back, or a reload, keeps the marks; coming back after a break moves them on to what
 * arrived since the last view before it.
 */
export const VISIT_GAP_MS = 30 * 60_000;

/** What the browser keeps: when the list was last shown, and where this visit's marks start. */
export interface Visit {
  seenAt: string;
  /** Records created after this are new; null on a browser's first visit (nothing is marked). */
  since: string | null;
}

/** The visit a view at `now` belongs to, given what the browser kept from the last view. */
export function nextVisit(kept: Visit | null, now: Date): Visit {
  const seenAt = now.toISOString();
  if (!kept) return { seenAt, since: null };
  const gap = now.getTime() - Date.parse(kept.seenAt);
  return { seenAt, since: gap < VISIT_GAP_MS ? kept.since : kept.seenAt };
}

function read(key: string): Visit | null {
  try {
    const kept = JSON.parse(localStorage.getItem(key) ?? "null") as Partial<Visit> | null;
    if (typeof kept?.seenAt !== "string" || Number.isNaN(Date.parse(kept.seenAt))) return null;
    return { seenAt: kept.seenAt, since: typeof kept.since === "string" ? kept.since : null };
  } catch {
    return null; // storage refused (a private window) or garbled: a first visit
  }
}

/**
 * Where this visit's "new" starts for the list stored under `key` (null: mark nothing), read
 * once when the list is shown, which counts as a view.
 */
export function useNewSince(key: string): string | null {
  const [visit] = useState(() => nextVisit(read(key), new Date()));
  useEffect(() => {
    try {
      localStorage.setItem(key, JSON.stringify(visit));
    } catch {
      // Without storage every visit is a first one; the list works the same.
    }
  }, [key, visit]);
  return visit.since;
}
