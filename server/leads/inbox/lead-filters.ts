/**
 * The inbox's query (staff-api/leads.ts FilterShape) as the queries take it (lead-query.ts's
 * LeadFilters): shared by the list, the stats, the exports and a lead's neighbours
 * (../desk/desk-routes.ts), so each reads a filtered list the same way.
 */
import type { QueryOf } from "../../../staff-api/endpoint";
import type { LeadView, leadsApi } from "../../../staff-api/leads";
import { Refused } from "../../http/contract-routes";
import { dateRange } from "../../http/route-kit";
import type { DB } from "../../db/database";
import type { StaffIdentity } from "../../staff/sign-in/sessions";
import { type LeadFilters, ownerFilter } from "./lead-query";

export type LeadFiltersQuery = QueryOf<typeof leadsApi.stats>;

/** What an owner filter holds when it can match no lead: no account has this id. */
const NO_ACCOUNT = "no such account";

/**
 * The owner a view stands for: `mine`, the signed-in account; `unassigned`, nobody ("none").
 * Asked with an `owner` filter as well, both must hold: another owner than the view's matches
 * nothing.
 */
function ownerOfView(view: LeadView, owner: string | undefined, staff: StaffIdentity) {
  const viewOwner = view === "mine" ? staff.accountId : "none";
  return owner === undefined || owner === viewOwner ? viewOwner : NO_ACCOUNT;
}

/**
 * The filters of a valid query as the queries take them; a bad date is refused (400). An owner
 * e-mail that is no account's matches nothing; a view is read for `staff`, who asks.
 */
export async function leadFiltersOf(
  db: DB,
  query: LeadFiltersQuery,
  staff: StaffIdentity,
): Promise<LeadFilters> {
  const filters: LeadFilters = {};
  if (query.type) filters.type = query.type;
  if (query.product) filters.product = query.product;
  if (query.status) filters.status = query.status;
  if (query.q) filters.q = query.q;
  const range = dateRange(query);
  if (typeof range === "string") throw new Refused(400, range);
  Object.assign(filters, range);
  if (query.owner) {
    filters.ownerAccountId = (await ownerFilter(db, query.owner)) ?? NO_ACCOUNT;
  }
  if (query.view) {
    filters.ownerAccountId = ownerOfView(query.view, filters.ownerAccountId, staff);
  }
  return filters;
}
