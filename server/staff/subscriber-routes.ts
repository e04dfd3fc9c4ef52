import type { FastifyPluginAsync } from "fastify";
import * as z from "zod/mini";
import { filterText } from "../../leads/fields";
import type { DB } from "../db/database";
import { zodRoute } from "../http/zod-schemas";
import { recordAudit } from "./audit";
import { Attribution } from "../../staff-api/leads";
import { staffApiPaths } from "./paths";
import {
  PageShape,
  REFUSALS,
  auditActorOf,
  auditFilters,
  firstIssue,
  pageOf,
  sendCsv,
  unavailable,
} from "./route-kit";
import {
  SUBSCRIBER_CSV_COLUMNS,
  SUBSCRIPTION_STATUSES,
  type SubscriberFilters,
  allSubscribers,
  subscriberCsvRow,
  countSubscribers,
  listSubscribers,
} from "./subscribers";

export interface SubscriberRoutesOptions {
  db: DB;
  now: () => Date;
}

/** Who may see the newsletter's subscribers. */
const SUBSCRIBER_ROLES = ["marketing", "admin"] as const;

const FilterShape = {
  status: z.optional(z.enum(SUBSCRIPTION_STATUSES)),
  q: filterText(200),
};
/** How the audit log keeps each filter: the search text, often an address, as its length. */
const KEPT = { status: "asked", q: "length" } as const;
const FilterQuery = z.object(FilterShape);
const ListQuery = z.object({ ...FilterShape, ...PageShape });
type Filters = z.output<typeof FilterQuery>;

const Subscriber = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  createdAt: z.string(),
  confirmedAt: z.nullable(z.string()),
  unsubscribedAt: z.nullable(z.string()),
  page: z.nullable(z.string()),
  source: Attribution,
});
const Page = z.object({ items: z.array(Subscriber), nextCursor: z.nullable(z.string()) });

function filtersOf(query: Filters): SubscriberFilters {
  return {
    ...(query.status ? { status: query.status } : {}),
    ...(query.q ? { q: query.q } : {}),
  };
}

/**
 * The newsletter's subscribers under /api/staff/subscribers, for marketing and admins: a list and
 * a CSV export, each request in the audit log (the search text as its length only). Registered
 * inside staffRoutes, whose hooks (no-store, JSON-only writes) apply.
 */
export const subscriberRoutes: FastifyPluginAsync<SubscriberRoutesOptions> = async (
  app,
  { db, now },
) => {
  const guard = app.requireStaff(...SUBSCRIBER_ROLES);

  app.get(
    staffApiPaths.subscribers,
    {
      ...zodRoute({ querystring: ListQuery, response: { 200: Page, ...REFUSALS } }),
      preHandler: guard,
    },
    async (request, reply) => {
      const invalid = firstIssue(request);
      if (invalid) return reply.code(400).send({ error: invalid });
      const query = request.query as z.output<typeof ListQuery>;
      const page = pageOf(query);
      if (typeof page === "string") return reply.code(400).send({ error: page });
      try {
        return await db.transaction().execute(async (trx) => {
          const subscribers = await listSubscribers(trx, filtersOf(query), page);
          await recordAudit(trx, {
            action: "subscriber.list",
            at: now().toISOString(),
            actor: auditActorOf(request),
            detail: {
              filters: auditFilters(query, KEPT),
              page: page.cursor ? "next" : "first",
            },
          });
          return subscribers;
        });
      } catch (error) {
        return unavailable(request, reply, error, "subscriber list");
      }
    },
  );

  app.get(
    staffApiPaths.subscribersCsv,
    {
      ...zodRoute({ querystring: FilterQuery, response: REFUSALS }),
      preHandler: guard,
    },
    async (request, reply) => {
      const invalid = firstIssue(request);
      if (invalid) return reply.code(400).send({ error: invalid });
      const query = request.query as Filters;
      const at = now();
      // The export is of the subscribers stored before it started: those counted and audited.
      const filters = { ...filtersOf(query), until: new Date(at.getTime() + 1).toISOString() };
      let count: number;
      try {
        count = await db.transaction().execute(async (trx) => {
          const rows = await countSubscribers(trx, filters);
          await recordAudit(trx, {
            action: "subscriber.export",
            at: at.toISOString(),
            actor: auditActorOf(request),
            detail: { filters: auditFilters(query, KEPT), rows },
          });
          return rows;
        });
      } catch (error) {
        return unavailable(request, reply, error, "subscriber export");
      }
      async function* rows() {
        for await (const subscriber of allSubscribers(db, filters)) {
          yield subscriberCsvRow(subscriber);
        }
      }
      return sendCsv(request, reply, {
        columns: SUBSCRIBER_CSV_COLUMNS,
        rows: rows(),
        fileName: `subscribers-${at.toISOString().slice(0, 10)}.csv`,
        count,
        countHeader: "x-row-count",
      });
    },
  );
};
