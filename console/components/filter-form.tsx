import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { TIME_ZONE_LABEL } from "../format";
import { Options } from "./options";

/**
 * A list page's filters (the inbox, subscribers, the audit log) live in its address: a filtered
 * list can be bookmarked or sent to a colleague, and the CSV export takes the same query. Their
 * loaders read them with `filtersIn()` (../api.ts).
 */

/**
 * The search form of a list: its fields, "Apply filters", and "Clear filters" when any is set.
 * On a phone it waits behind a button (a disclosure: aria-expanded says whether it is open), so
 * that the list's first rows are on the first screen; it starts open when a filter is set, and
 * from `sm` up it is always shown and the button is not.
 */
export function FilterForm({
  label,
  clearTo,
  filtered,
  gridClassName = "sm:grid-cols-2 lg:grid-cols-4",
  children,
}: {
  /** The form's name for assistive technology, e.g. "Filter leads". */
  label: string;
  /** The list without filters, e.g. "/leads". */
  clearTo: string;
  filtered: boolean;
  gridClassName?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(filtered);
  const id = useId();
  return (
    <div className="mb-6">
      <button
        type="button"
        className="console-button-quiet sm:hidden"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">{open ? "▾" : "▸"}</span> Search and filters
        {filtered ? " (on)" : ""}
      </button>
      {/* Other filters are the same list anew: the page stays where it is, at the form and
          the rows below it, rather than going to the top as a new page does. */}
      <Form
        id={id}
        method="get"
        preventScrollReset
        className={`${open ? "mt-3" : "hidden"} rounded-lg border border-gray-200 bg-gray-50 p-4 sm:mt-0 sm:block`}
        role="search"
        aria-label={label}
      >
        <div className={`grid gap-4 ${gridClassName}`}>{children}</div>
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="submit" className="console-button">
            Apply filters
          </button>
          {filtered ? (
            <Link to={clearTo} className="console-button-quiet" preventScrollReset>
              Clear filters
            </Link>
          ) : null}
        </div>
      </Form>
    </div>
  );
}

/**
 * A filter's field as the address sets it: its value when the page opens, and again whenever the
 * address changes it from outside the form (a saved filter, the menu's "My leads"), which an
 * uncontrolled field would not show; a field being typed in keeps what is typed.
 */
function useAddressValue<T extends HTMLInputElement | HTMLSelectElement>(name: string) {
  const [params] = useSearchParams();
  const value = params.get(name) ?? "";
  const field = useRef<T>(null);
  useEffect(() => {
    if (field.current && field.current !== document.activeElement) field.current.value = value;
  }, [value]);
  return { ref: field, defaultValue: value };
}

/** A text, e-mail, search or date filter, filled from the address. */
export function FilterInput({
  label,
  hint,
  name,
  type,
  className = "",
}: {
  label: string;
  hint?: string;
  name: string;
  type: "search" | "email" | "date";
  className?: string;
}) {
  const addressValue = useAddressValue<HTMLInputElement>(name);
  // A day filter runs from midnight to midnight in Accra, as every time in the console.
  const dayHint = type === "date" ? `Whole days, ${TIME_ZONE_LABEL}` : undefined;
  const shownHint = [hint, dayHint].filter(Boolean).join(". ");
  return (
    <label className={`block ${className}`}>
      <span className="block font-semibold">{label}</span>
      {shownHint ? <span className="block text-sm text-muted">{shownHint}</span> : null}
      <input
        type={type}
        name={name}
        {...addressValue}
        className="console-input mt-1 min-h-11"
        // A search is laid out in the direction of what is typed (a name in Arabic script).
        dir={type === "search" ? "auto" : undefined}
      />
    </label>
  );
}

/** A filter with a fixed set of values, filled from the address: "Any" first, which leaves it out. */
export function FilterSelect({
  label,
  name,
  options,
  any = "Any",
}: {
  label: string;
  name: string;
  options: readonly (readonly [string, string])[];
  /** The words of the empty choice. */
  any?: string;
}) {
  const addressValue = useAddressValue<HTMLSelectElement>(name);
  return (
    <label className="block">
      <span className="block font-semibold">{label}</span>
      <select name={name} {...addressValue} className="console-input mt-1 min-h-11">
        <option value="">{any}</option>
        <Options choices={options} />
      </select>
    </label>
  );
}

/**
 * The list's export, with the filters the page shows (`search`, the loader's query): CSV for
 * tools, or Excel for reading (phones as typed, Accra times, words: docs/decisions/0053).
 */
export function ExportLink({ href, format = "csv" }: { href: string; format?: "csv" | "xlsx" }) {
  return (
    <a href={href} className="console-button-quiet" download>
      {format === "csv" ? "Export CSV" : "Export Excel (.xlsx)"}
    </a>
  );
}
