import type { ReactNode } from "react";
import { ExportLink, FilterForm } from "./filter-form";
import { type Paged, PagedList, type PagedListProps } from "./more-pages";
import { PageHeading } from "./page-heading";
import type { ConsolePage } from "../console-pages";

/**
 * What a filtered list's loader answers its page with: the first page, the filters as the query
 * string the loader asked with (the later pages ask with the same), whether any filter is set,
 * and the addresses of the CSV and the Excel file of the same filters when the list has them.
 */
export interface LoadedList<T> {
  page: Paged<T>;
  search: string;
  filtered: boolean;
  exportHref?: string;
  workbookHref?: string;
}

/**
 * What a filtered list page is, apart from its rows: its page (title and address), the endpoint its later pages come
 * from, its filter form's name and address without filters, and the list's own words and grid.
 */
export interface ListDefinition<T> extends Pick<
  PagedListProps<T>,
  "from" | "label" | "columns" | "moreLabel" | "done"
> {
  /**
   * Its page in the console's table (CONSOLE_PAGES): its link in the navigation is its title, and
   * its address the list without filters, e.g. "/leads".
   */
  page: Required<Pick<ConsolePage, "menu" | "path">>;
  /** The filter form's name for assistive technology, e.g. "Filter leads". */
  filterLabel: string;
  /** The filter form's grid, when not the usual four columns. */
  filterGrid?: string;
  /** What the list says when there is nothing in it. */
  empty: ReactNode;
  /** …and when a filter is set, if that is said otherwise. */
  noMatch?: ReactNode;
}

/**
 * A filtered list page as every one of them is laid out (the inbox, subscribers, the audit log,
 * suppressions): the heading, with the CSV export of the same filters beside it when there is
 * one (and the Excel one); what the page says first (`intro`); the filters (`children`) in the list's FilterForm; a
 * line about what they found (`summary`); and the list itself a page at a time, each item a
 * `row`. The loader's answer is given whole (`loaded`), so that the form, the export and the list
 * cannot disagree on the filters.
 */
export function ListPage<T extends { id: string }>({
  list: {
    page: { menu: title, path: clearTo },
    filterLabel,
    filterGrid,
    empty,
    noMatch,
    ...words
  },
  loaded: { page, search, filtered, exportHref, workbookHref },
  intro,
  summary,
  row,
  children,
}: {
  list: ListDefinition<T>;
  loaded: LoadedList<T>;
  intro?: ReactNode;
  summary?: ReactNode;
  row: (item: T) => ReactNode;
  /** The filters' fields. */
  children: ReactNode;
}) {
  return (
    <section>
      <PageHeading title={title}>
        {exportHref ? <ExportLink href={exportHref} /> : null}
        {workbookHref ? <ExportLink href={workbookHref} format="xlsx" /> : null}
      </PageHeading>
      {intro}
      <FilterForm
        label={filterLabel}
        clearTo={clearTo}
        filtered={filtered}
        gridClassName={filterGrid}
      >
        {children}
      </FilterForm>
      {summary}
      <PagedList
        first={page}
        search={search}
        empty={filtered ? (noMatch ?? empty) : empty}
        {...words}
      >
        {row}
      </PagedList>
    </section>
  );
}
