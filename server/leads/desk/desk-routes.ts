import type { FastifyPluginAsync } from "fastify";
import { NO_SUCH_LEAD, leadsApi } from "../../../staff-api/leads";
import {
  NO_SUCH_SAVED_FILTER,
  normalFilterQuery,
  savedFiltersApi,
} from "../../../staff-api/saved-filters";
import { answer, routesOn } from "../../http/contract-routes";
import type { StaffRoutesOptions } from "../../staff-api-routes";
import { leadFiltersOf } from "../inbox/lead-filters";
import { deskCounts } from "./desk-counts";
import { recordInboxVisit } from "./inbox-visits";
import { leadNeighbours } from "./lead-neighbours";
import {
  TOO_MANY_FILTERS,
  addSavedFilter,
  listSavedFilters,
  removeSavedFilter,
} from "./saved-filters";

/**
 * The sales desk, for sales and admins (staff-api/leads.ts's desk endpoints and
 * staff-api/saved-filters.ts): the menu's counts, the account's views of the inbox, a lead's
 * neighbours in a filtered list, and each person's saved filters. None of them answers a
 * person's details (counts, times, lead ids, the person's own filters), so none is audited; the
 * lead a neighbour names is audited when it is opened.
 */
export const deskRoutes: FastifyPluginAsync<StaffRoutesOptions> = async (app, options) => {
  const { db, now } = options;
  const route = routesOn(app, { checkAnswers: options.checkAnswers });

  route(leadsApi.counts, "sales desk request", async ({ staff }) =>
    answer(200, await deskCounts(db, staff.accountId)),
  );

  route(leadsApi.recordVisit, "sales desk request", async ({ staff }) => {
    const visit = await recordInboxVisit(db, staff.accountId, now());
    return answer(200, { since: visit.since });
  });

  route(leadsApi.neighbours, "sales desk request", async ({ params, query, staff, refuse }) => {
    const filters = await leadFiltersOf(db, query, staff);
    const neighbours = await leadNeighbours(db, params.id, filters);
    if (!neighbours) throw refuse(404, NO_SUCH_LEAD);
    return answer(200, neighbours);
  });

  route(savedFiltersApi.list, "saved filter request", async ({ staff }) =>
    answer(200, { items: await listSavedFilters(db, staff.accountId) }),
  );

  route(savedFiltersApi.create, "saved filter request", async ({ body, staff, refuse }) => {
    const normal = normalFilterQuery(body.query);
    // The contract's schema has refused what this would.
    if ("error" in normal) throw refuse(400, `query: ${normal.error}`);
    const filter = { name: body.name, query: normal.query };
    const saved = await addSavedFilter(db, staff.accountId, filter, now());
    if (!saved) throw refuse(400, TOO_MANY_FILTERS);
    return answer(201, saved);
  });

  route(
    savedFiltersApi.remove,
    "saved filter request",
    async ({ params, staff, reply, refuse }) => {
      if (!(await removeSavedFilter(db, staff.accountId, params.id))) {
        throw refuse(404, NO_SUCH_SAVED_FILTER);
      }
      return reply.code(204).send();
    },
  );
};
