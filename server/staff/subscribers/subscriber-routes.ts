import type { FastifyPluginAsync } from "fastify";
import type { QueryOf } from "../../../staff-api/endpoint";
import { type SubscriberFilterShape, subscribersApi } from "../../../staff-api/subscribers";
import { listAndExportRoutes, storedUpTo } from "../list-routes";
import { type KeptAs, auditFilters } from "../route-kit";
import {
  SUBSCRIBER_CSV_COLUMNS,
  type SubscriberFilters,
  allSubscribers,
  subscriberCsvRow,
  countSubscribers,
  listSubscribers,
} from "./subscribers";
import type { StaffRoutesOptions } from "../routes";

/** How the audit log keeps each filter: the search text, often an address, as its length. */
const KEPT: Record<keyof typeof SubscriberFilterShape, KeptAs> = { status: "asked", q: "length" };
type Filters = QueryOf<typeof subscribersApi.exportCsv>;

function filtersOf(query: Filters): SubscriberFilters {
  return {
    ...(query.status ? { status: query.status } : {}),
    ...(query.q ? { q: query.q } : {}),
  };
}

/**
 * The newsletter's subscribers under /api/staff/subscribers, as staff-api/subscribers.ts defines
 * them, for marketing and admins: a list and a CSV export, each request in the audit log (the
 * search text as its length only). Registered inside staffRoutes, whose hooks (no-store,
 * JSON-only writes) apply.
 */
export const subscriberRoutes: FastifyPluginAsync<StaffRoutesOptions> = async (app, options) => {
  listAndExportRoutes(app, subscribersApi, options, {
    what: { list: "subscriber list", export: "subscriber export" },
    actions: { list: "subscriber.list", export: "subscriber.export" },
    filtersOf,
    kept: (query) => auditFilters(query, KEPT),
    page: listSubscribers,
    // The export is of the subscribers stored before it started: those counted and audited.
    until: storedUpTo,
    count: countSubscribers,
    items: allSubscribers,
    toRow: subscriberCsvRow,
    file: { name: "subscribers", columns: SUBSCRIBER_CSV_COLUMNS, countHeader: "x-row-count" },
  });
};
