import { useState } from "react";
import { ApiError, api, query } from "../api";
import { Notice } from "./notice";

/** One page of a keyset-paginated list, as the staff API answers. */
export interface Paged<T> {
  items: T[];
  nextCursor: string | null;
}

export interface MorePages<T> {
  /** The loader's page and every page fetched after it, in order. */
  items: T[];
  hasMore: boolean;
  loading: boolean;
  error: string | undefined;
  loadMore: () => Promise<void>;
}

/**
 * A list whose first page comes from the route's loader and whose later pages are fetched one at
 * a time by cursor, with the same filters (`search`, the query string the loader used). When the
 * loader answers anew (other filters, or a revalidation after a change) the list starts again
 * from its new first page.
 */
export function useMorePages<T>(first: Paged<T>, path: string, search: string): MorePages<T> {
  const [more, setMore] = useState<{ base: Paged<T>; pages: Paged<T>[] }>({
    base: first,
    pages: [],
  });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();
  const pages = [first, ...(more.base === first ? more.pages : [])];
  const last = pages.at(-1) ?? first;

  async function loadMore() {
    if (!last.nextCursor || loading) return;
    const filters = Object.fromEntries(new URLSearchParams(search));
    setLoading(true);
    setError(undefined);
    try {
      const next = await api<Paged<T>>(`${path}${query({ ...filters, cursor: last.nextCursor })}`);
      setMore((current) =>
        current.base === first
          ? { base: first, pages: [...current.pages, next] }
          : { base: first, pages: [next] },
      );
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setLoading(false);
    }
  }

  return {
    items: pages.flatMap((page) => page.items),
    hasMore: Boolean(last.nextCursor),
    loading,
    error,
    loadMore,
  };
}

/**
 * Below a paginated list: why the next page did not come, and the button that fetches it, or a
 * line saying the list is complete.
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
        <p className="mt-4">
          <button
            type="button"
            className="console-button-quiet"
            onClick={() => void more.loadMore()}
            disabled={more.loading}
          >
            {more.loading ? "Loading…" : label}
          </button>
        </p>
      ) : (
        <p className="mt-4 text-sm text-muted">{done}</p>
      )}
    </>
  );
}
