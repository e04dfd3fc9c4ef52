import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import type * as z from "zod/mini";
import type { EndpointSpec } from "../../staff-api/endpoint";
import { ApiError, call } from "../api";
import { keepPages, keptPagesAfter, rowsAfter } from "./kept-pages";
import { Notice } from "./notice";

/** One page of a keyset-paginated list, as the staff API answers. */
export interface Paged<T> {
  items: T[];
  nextCursor: string | null;
}

/** A list endpoint of the contract (staff-api/): a GET whose query takes a cursor. */
export interface ListEndpoint<T> extends EndpointSpec {
  method: "GET";
  params?: undefined;
  query: z.ZodMiniType;
  body?: undefined;
  /** Its refusals too, but a page is what a list reads: a call of it returns that. */
  answers: { 200: z.ZodMiniType<Paged<T>> };
}

export interface MorePages<T> {
  /** The loader's page and every page fetched after it, in order. */
  items: T[];
  hasMore: boolean;
  loading: boolean;
  error: string | undefined;
  loadMore: () => Promise<void>;
  /** Where the page fetched last begins in `items`, for the focus; null before one is. */
  firstNew: number | null;
}

/**
 * A list whose first page comes from the route's loader and whose later pages are fetched one at
 * a time by cursor, with the same filters (`search`, the query string the loader used). When the
 * loader answers anew for other filters the list starts again from its new first page; for the
 * same ones (a revalidation after a change) the rows below it stay. With `entry` (the history entry's `location.key`) the pages are kept
 * for it, and shown again when the person comes back to it (kept-pages.ts).
 */
export function useMorePages<T extends { id: string }>(
  first: Paged<T>,
  from: ListEndpoint<T>,
  search: string,
  entry?: string,
): MorePages<T> {
  const [more, setMore] = useState<{ base: Paged<T>; search: string; pages: Paged<T>[] }>(() => ({
    base: first,
    search,
    pages: entry ? keptPagesAfter(entry, from, first) : [],
  }));
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();
  // The pages after the loader's: those fetched since it answered; after it answers again for
  // the same filters (a change made on the page), the rows that came after its first page, so
  // that acting on a row far down the list does not fold the list up; for other filters, none.
  const after = useMemo(
    () =>
      more.base === first
        ? more.pages
        : more.search === search
          ? rowsAfter(first, [more.base, ...more.pages])
          : [],
    [more, first, search],
  );
  const pages = useMemo(() => [first, ...after], [first, after]);
  const last = pages.at(-1) ?? first;
  const items = pages.flatMap((page) => page.items);
  const [firstNew, setFirstNew] = useState<{ base: Paged<T>; at: number } | null>(null);
  useEffect(() => {
    if (entry) keepPages(entry, pages);
  }, [entry, pages]);

  async function loadMore() {
    if (!last.nextCursor || loading) return;
    const filters = Object.fromEntries(new URLSearchParams(search));
    setLoading(true);
    setError(undefined);
    try {
      // call() parsed the answer with the endpoint's 200 schema, which is a page of T.
      const next = await call(from, { query: { ...filters, cursor: last.nextCursor } });
      setFirstNew({ base: first, at: items.length });
      setMore({ base: first, search, pages: [...after, next] });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setLoading(false);
    }
  }

  return {
    items,
    hasMore: Boolean(last.nextCursor),
    loading,
    error,
    loadMore,
    firstNew: firstNew?.base === first ? firstNew.at : null,
  };
}

/**
 * Below a paginated list: why the next page did not come, and the button that fetches it, or a
 * line saying the list is complete. While a page comes, the button stays where it is (and keeps
 * the focus) and a status beside it says so, which screen readers read when they are free.
 */
export function ShowMore<T>({
  more,
  label,
  done,
}: {
  more: MorePages<T>;
  /** The button's words, e.g. "Show more leads". */
  label: string;
  /** What to say when there is nothing more, e.g. "That is every lead that matches." */
  done: string;
}) {
  return (
    <>
      <Notice tone="error">{more.error}</Notice>
      {more.hasMore ? (
        <p className="mt-4 flex flex-wrap items-center gap-3">
          <button
            type="button"
            className="console-button-quiet aria-disabled:opacity-60"
            onClick={() => void more.loadMore()}
            aria-disabled={more.loading || undefined}
          >
            {label}
          </button>
          <span role="status" className="text-sm text-muted">
            {more.loading ? "Loading more…" : ""}
          </span>
        </p>
      ) : (
        <p className="mt-4 text-sm text-muted">{done}</p>
      )}
    </>
  );
}

/**
 * A paginated list as every console list shows it: one row per item (a grid from `sm` up), a
 * sentence when there is none, and "Show more" below. Other filters (`search`) start it afresh,
 * without the pages, the error or the wait of the last ones.
 */
export function PagedList<T extends { id: string }>(props: PagedListProps<T>) {
  return <Pages key={props.search} {...props} />;
}

export interface PagedListProps<T> {
  first: Paged<T>;
  /** The list's endpoint, which takes `search` and a cursor. */
  from: ListEndpoint<T>;
  search: string;
  /** The list's name for assistive technology. */
  label: string;
  /** What to say when there is nothing to list. */
  empty: ReactNode;
  /** The row's grid from `sm` up, e.g. "sm:grid-cols-[2fr_1fr] sm:items-center". */
  columns: string;
  moreLabel: string;
  done: string;
  children: (item: T) => ReactNode;
}

function Pages<T extends { id: string }>({
  first,
  from,
  search,
  label,
  empty,
  columns,
  moreLabel,
  done,
  children,
}: PagedListProps<T>) {
  const { pathname, key } = useLocation();
  const more = useMorePages(first, from, search, key);
  const navigation = useNavigation();
  // Other filters of this list on their way (the loader runs again): the rows shown are the old
  // ones. The console's frame announces the wait; this shows it where the eyes are.
  const reloading = navigation.state === "loading" && navigation.location.pathname === pathname;
  return (
    <div aria-busy={reloading || undefined}>
      <p aria-hidden="true" className="mb-2 text-sm font-semibold text-brand-900">
        {reloading ? "Loading…" : ""}
      </p>
      <div className={reloading ? "opacity-60" : undefined}>
        <ItemList
          items={more.items}
          label={label}
          empty={empty}
          row={`grid gap-1 p-4 sm:gap-4 ${columns}`}
          focusAt={more.firstNew}
        >
          {children}
        </ItemList>
      </div>
      {more.items.length === 0 ? null : <ShowMore more={more} label={moreLabel} done={done} />}
    </div>
  );
}

/** A list of records as the console shows them: one row per item, a sentence when there is none. */
export function ItemList<T extends { id: string }>({
  items,
  label,
  labelledBy,
  empty,
  row,
  focusAt = null,
  children,
}: {
  items: readonly T[];
  /** The list's name for assistive technology, unless a heading names it (`labelledBy`). */
  label?: string;
  labelledBy?: string;
  /** What to say when there is nothing to list. */
  empty: ReactNode;
  /** The classes of each row. */
  row: string;
  /**
   * The row that takes the focus once shown: the first of the page "Show more" added, so that a
   * keyboard or screen reader carries on reading where the new rows begin.
   */
  focusAt?: number | null;
  children: (item: T) => ReactNode;
}) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (focusAt !== null) list.current?.querySelector<HTMLElement>(":scope > [tabindex]")?.focus();
  }, [focusAt]);
  if (items.length === 0) return <p className="rounded-md bg-gray-50 p-4">{empty}</p>;
  return (
    <ul
      ref={list}
      aria-label={label}
      aria-labelledby={labelledBy}
      className="divide-y divide-gray-200 rounded-lg border border-gray-200"
    >
      {items.map((item, index) => (
        <li
          key={item.id}
          className={`${row} focus:outline-2 focus:outline-brand-700`}
          tabIndex={index === focusAt ? -1 : undefined}
        >
          {children(item)}
        </li>
      ))}
    </ul>
  );
}
