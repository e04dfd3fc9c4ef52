import type { FastifyPluginAsync } from "fastify";
import type { QueryOf } from "../../../staff-api/endpoint";
import { type SubscriberFilterShape, subscribersApi } from "../../../staff-api/subscribers";
import { answer, contractRoute } from "../contract-routes";
import { type KeptAs, auditFilters, pageOf, auditedRead, pageKept, sendExport } from "../route-kit";
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
export const subscriberRoutes: FastifyPluginAsync<StaffRoutesOptions> = async (
  app,
  { db, now, checkAnswers },
) => {
  contractRoute(
    app,
    subscribersApi.list,
    async ({ query, request }) => {
      const page = pageOf(query);
      const subscribers = await auditedRead(
        db,
        { request, action: "subscriber.list", at: now() },
        (trx) => listSubscribers(trx, filtersOf(query), page),
        () => ({ filters: auditFilters(query, KEPT), page: pageKept(page) }),
      );
      return answer(200, subscribers);
    },
    { what: "subscriber list", checkAnswers },
  );

  contractRoute(
    app,
    subscribersApi.exportCsv,
    async ({ query, request, reply }) => {
      const at = now();
      // The export is of the subscribers stored before it started: those counted and audited.
      const filters = { ...filtersOf(query), until: new Date(at.getTime() + 1).toISOString() };
      return sendExport(db, request, reply, {
        action: "subscriber.export",
        at,
        name: "subscribers",
        detail: { filters: auditFilters(query, KEPT) },
        count: (trx) => countSubscribers(trx, filters),
        items: () => allSubscribers(db, filters),
        toRow: subscriberCsvRow,
        columns: SUBSCRIBER_CSV_COLUMNS,
        countHeader: "x-row-count",
      });
    },
    { what: "subscriber export", checkAnswers },
  );
};
