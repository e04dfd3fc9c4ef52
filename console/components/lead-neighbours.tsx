import { Link } from "react-router";
import { type LeadNeighbours as Neighbours, leadsApi } from "../../staff-api/leads";
import { ApiError, loadCall } from "../api";
import { filtersFrom, leadFromList } from "./inbox-filters";

/**
 * For a lead page's loader: its neighbours in the list it was opened from (the address's `from`,
 * set by the inbox's links), or null when it was opened otherwise. A list the server refuses
 * (a `from` edited by hand) only leaves the links out; signed out still goes to sign in.
 */
export async function loadNeighbours(request: Request, id: string) {
  const from = new URL(request.url).searchParams.get("from");
  if (from === null) return null;
  try {
    const query = filtersFrom(from);
    const neighbours = await loadCall(request, leadsApi.neighbours, { params: { id }, query });
    return { ...neighbours, from };
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}

/**
 * "Previous lead" and "Next lead" through the list the lead was opened from, in the inbox's
 * order (newest first), each keeping that list; at either end its link is left out.
 */
export function LeadNeighbours({
  neighbours,
}: {
  neighbours: (Neighbours & { from: string }) | null;
}) {
  if (!neighbours || (!neighbours.previous && !neighbours.next)) return null;
  const { previous, next, from } = neighbours;
  return (
    <nav aria-label="Leads in this list" className="mb-4 flex flex-wrap gap-3">
      {previous ? (
        <Link to={leadFromList(previous, from)} rel="prev" className="console-button-quiet">
          <span aria-hidden="true">← </span>Previous lead
        </Link>
      ) : null}
      {next ? (
        <Link to={leadFromList(next, from)} rel="next" className="console-button-quiet">
          Next lead<span aria-hidden="true"> →</span>
        </Link>
      ) : null}
    </nav>
  );
}
