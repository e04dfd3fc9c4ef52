import * as z from "zod/mini";
import type { ListEndpoint, Paged } from "./more-pages";

/**
 * The pages of a list the person loaded with "Show more", kept per history entry (React Router's
 * `location.key`) in sessionStorage, so that Back to the list shows as many rows as it did
 * (decision 0029). A new visit of the list is a new entry and starts from its first page.
 */
const STORAGE_KEY = "staff-console:more-pages";

/** How many lists are kept: the last few history entries are the ones Back reaches. */
const KEPT_LISTS = 5;

type Kept = Record<string, unknown[]>;

function readAll(): Kept {
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}");
    return kept && typeof kept === "object" && !Array.isArray(kept) ? (kept as Kept) : {};
  } catch {
    return {}; // storage refused (a private window) or garbled: nothing kept
  }
}

/** Keeps `pages` (the first page and the ones after it) for the history entry `entry`. */
export function keepPages(entry: string, pages: readonly Paged<unknown>[]): void {
  const { [entry]: _replaced, ...others } = readAll();
  const kept = pages.length > 1 ? { ...others, [entry]: pages } : others;
  const newest = Object.entries(kept).slice(-KEPT_LISTS);
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(newest)));
  } catch {
    // Without storage, Back shows the first page again; the list works the same.
  }
}

/**
 * The pages to show after `first` for the history entry `entry`: those kept when the person left
 * it, after the row `first` now ends with (rowsAfter). Pages kept by another version of the
 * console (which no longer parse with the endpoint's answer) are dropped.
 */
export function keptPagesAfter<T extends { id: string }>(
  entry: string,
  from: ListEndpoint<T>,
  first: Paged<T>,
): Paged<T>[] {
  const kept = readAll()[entry] ?? [];
  const pages = kept.map((page) => z.safeParse(from.answers[200], page));
  if (pages.some((page) => !page.success)) return [];
  return rowsAfter(
    first,
    pages.map((page) => page.data as Paged<T>),
  );
}

/**
 * The rows of `earlier` (a list's pages as they were shown) that come after the row `first` (its
 * first page as it is now) ends with, as one page: what to show below a first page read again,
 * on Back or after a change on the page. Rows since added at the top push rows off `first` onto
 * these, so none goes missing; a row `first` holds is shown as `first` has it.
 */
export function rowsAfter<T extends { id: string }>(
  first: Paged<T>,
  earlier: readonly Paged<T>[],
): Paged<T>[] {
  if (!first.nextCursor || earlier.length < 2) return [];
  const rows = earlier.flatMap((page) => page.items);
  const endsWith = first.items.at(-1)?.id;
  const shown = new Set(first.items.map((row) => row.id));
  const after = rows.slice(rows.findIndex((row) => row.id === endsWith) + 1);
  const items = after.filter((row) => !shown.has(row.id));
  return items.length ? [{ items, nextCursor: earlier.at(-1)?.nextCursor ?? null }] : [];
}
