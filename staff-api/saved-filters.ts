/**
 * Saved filters of the lead inbox, each person's own (server/leads/desk/saved-filter-routes.ts):
 * a name and the inbox's search string, such as "status=new&view=mine". For sales and admins.
 */
import * as z from "zod/mini";
import { requiredText } from "../leads/fields";
import { REFUSALS } from "./answers";
import { endpoint } from "./endpoint";
import { FilterShape } from "./leads";
import { recordDeletion, sessionRead } from "./query";
import { SALES_ROLES } from "./roles";

/** The longest name of a saved filter, and how many one account may keep. */
export const MAX_FILTER_NAME = 60;
export const MAX_SAVED_FILTERS = 20;
/** The longest search string a filter may save: every filter at its longest fits. */
const MAX_FILTER_QUERY = 1000;

export const NO_SUCH_SAVED_FILTER = "No such saved filter";
export const NOT_A_FILTER = "not a filter of the inbox";
export const NO_FILTER_SET = "set a filter first";

/**
 * A search string of the inbox in one form: its filters (FilterShape) checked and written in
 * FilterShape's order, empty ones left out, so that the same filters are saved as the same text.
 * A leading "?" is allowed; a name that is no filter, a name given twice or a refused value
 * answers an error; so does a search with no filter in it.
 */
export function normalFilterQuery(search: string): { query: string } | { error: string } {
  const params = new URLSearchParams(search.startsWith("?") ? search.slice(1) : search);
  const names = [...params.keys()];
  const known = Object.keys(FilterShape);
  if (names.some((name) => !known.includes(name)) || new Set(names).size !== names.length) {
    return { error: NOT_A_FILTER };
  }
  const filters = z.safeParse(z.object(FilterShape), Object.fromEntries(params));
  if (!filters.success) return { error: NOT_A_FILTER };
  const kept = new URLSearchParams();
  for (const name of known) {
    const value = (filters.data as Record<string, string | undefined>)[name];
    if (value) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? { query } : { error: NO_FILTER_SET };
}

const queryError = (query: string) => {
  const normal = normalFilterQuery(query);
  return "error" in normal ? normal.error : null;
};

export const SavedFilter = z.strictObject({
  id: z.string(),
  name: z.string(),
  /** The inbox's search string, without "?": normalFilterQuery()'s form. */
  query: z.string(),
});
export type SavedFilter = z.output<typeof SavedFilter>;

export const savedFiltersApi = {
  /** The signed-in account's saved filters, oldest first. */
  list: sessionRead(
    "/api/staff/saved-filters",
    SALES_ROLES,
    z.strictObject({ items: z.array(SavedFilter) }),
  ),
  /**
   * Saves a filter under a name (1 to 60 characters) for the signed-in account; 400 for a
   * query that is not the inbox's filters, or when they already keep MAX_SAVED_FILTERS.
   */
  create: endpoint({
    method: "POST",
    path: "/api/staff/saved-filters",
    roles: SALES_ROLES,
    body: z.object({
      name: requiredText("Name this filter", { max: MAX_FILTER_NAME }),
      query: z.string().check(
        z.maxLength(MAX_FILTER_QUERY),
        z.refine((query) => queryError(query) !== NOT_A_FILTER, NOT_A_FILTER),
        z.refine((query) => queryError(query) !== NO_FILTER_SET, NO_FILTER_SET),
      ),
    }),
    answers: { 201: SavedFilter, ...REFUSALS },
  }),
  /** Deletes one of the signed-in account's saved filters: 204; 404 for anyone else's. */
  remove: recordDeletion("/api/staff/saved-filters/:id", SALES_ROLES, NO_SUCH_SAVED_FILTER, {}),
};
