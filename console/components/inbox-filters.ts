import { consoleLeadPath } from "@common/paths";
import type { FilterShape } from "../../staff-api/leads";
import { routerPath } from "../api";

/** The inbox's filters, as the address and the API both name them. */
export const INBOX_FILTERS = [
  "view",
  "q",
  "type",
  "product",
  "status",
  "owner",
  "since",
  "until",
] as const satisfies readonly (keyof typeof FilterShape)[];

/**
 * A lead's page, opened from a list of the inbox: `from` carries that list's search string
 * ("?status=new", or "" for the whole inbox), so the page can lead on to the previous and next
 * lead of the same list (lead-neighbours.tsx).
 */
export function leadFromList(id: string, search: string): string {
  return `${routerPath(consoleLeadPath(id))}?${new URLSearchParams({ from: search }).toString()}`;
}

/** The inbox's filters a lead page's `from` names, as the API takes them; others are dropped. */
export function filtersFrom(from: string): Record<string, string> {
  const params = new URLSearchParams(from);
  const filters: Record<string, string> = {};
  for (const name of INBOX_FILTERS) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return filters;
}
