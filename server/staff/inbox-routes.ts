import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import * as z from "zod/mini";
import { DEMO_PRODUCTS } from "../../leads/demo";
import { email } from "../../leads/email";
import { MAX_MESSAGE, filterText, requiredText } from "../../leads/fields";
import { LEAD_STATUSES, LEAD_TYPES, parseLeadKey } from "../../leads/workflow";
import type { DB } from "../db/database";
import { zodRoute } from "../http/zod-schemas";
import { recordAudit } from "./audit";
import { CSV_COLUMNS, csvRow } from "./inbox-csv";
import { UnknownOwnerError, addNote, updateLead } from "./lead-changes";
import { viewLead } from "./lead-detail";
import { allLeads, countLeads, leadStats, listLeads } from "./lead-list";
import { type LeadFilters, ownerFilter } from "./lead-query";
import { staffApiPaths } from "./paths";
import {
  Failed,
  type KeptAs,
  PageShape,
  RECORD_REFUSALS,
  REFUSALS,
  auditActorOf,
  auditFilters as keptFilters,
  dateRange,
  firstIssue,
  isoDate,
  pageOf,
  sendCsv,
  unavailable as unavailableFor,
} from "./route-kit";
import type { StaffIdentity } from "./sessions";

export interface InboxRoutesOptions {
  db: DB;
  now: () => Date;
}

/** Who may work with contact and demo leads. */
const INBOX_ROLES = ["sales", "admin"] as const;

const NOT_FOUND = { error: "No such lead" };

const FilterShape = {
  type: z.optional(z.enum(LEAD_TYPES)),
  product: filterText(100),
  status: z.optional(z.enum(LEAD_STATUSES)),
  owner: z.optional(z.union([z.literal("none"), email()])),
  q: filterText(200),
  since: z.optional(isoDate()),
  until: z.optional(isoDate()),
};
const FilterQuery = z.object(FilterShape);
const ListQuery = z.object({ ...FilterShape, ...PageShape });
type Filters = z.output<typeof FilterQuery>;

/** The route parameter of one lead: its API id (checked by parseLeadKey). */
interface LeadIdParams {
  id: string;
}

/** The visit's attribution where it said (leads/source.ts). */
const AttributionShape = {
  landingPage: z.optional(z.string()),
  referrer: z.optional(z.string()),
  utmSource: z.optional(z.string()),
  utmMedium: z.optional(z.string()),
  utmCampaign: z.optional(z.string()),
  utmTerm: z.optional(z.string()),
  utmContent: z.optional(z.string()),
};
export const Attribution = z.object(AttributionShape);
/** The form's page, and the visit's attribution. */
const Source = z.nullable(z.object({ formPage: z.string(), ...AttributionShape }));
const LeadShape = {
  id: z.string(),
  type: z.enum(LEAD_TYPES),
  createdAt: z.string(),
  status: z.enum(LEAD_STATUSES),
  owner: z.nullable(z.string()),
  source: Source,
  firstName: z.optional(z.string()),
  lastName: z.optional(z.string()),
  email: z.string(),
  phone: z.string(),
  message: z.optional(z.string()),
  product: z.optional(z.string()),
  name: z.optional(z.string()),
  company: z.optional(z.string()),
  jobTitle: z.optional(z.string()),
  industry: z.optional(z.string()),
};
const LeadSchema = z.object(LeadShape);
const TimelineEntry = z.object({
  kind: z.enum(["status", "owner", "note", "delivery"]),
  at: z.string(),
  actor: z.optional(z.nullable(z.string())),
  from: z.optional(z.nullable(z.string())),
  to: z.optional(z.nullable(z.string())),
  text: z.optional(z.string()),
  status: z.optional(z.string()),
  attempts: z.optional(z.number()),
  sentAt: z.optional(z.nullable(z.string())),
});
const LeadDetailSchema = z.object({
  ...LeadShape,
  firstResponseAt: z.nullable(z.string()),
  timeToFirstResponseMs: z.nullable(z.number()),
  timeline: z.array(TimelineEntry),
});
const Page = z.object({ items: z.array(LeadSchema), nextCursor: z.nullable(z.string()) });
const Stats = z.object({
  count: z.number(),
  responded: z.number(),
  averageFirstResponseMs: z.nullable(z.number()),
});
const PatchBody = z.object({
  status: z.optional(z.enum(LEAD_STATUSES)),
  owner: z.optional(z.nullable(email())),
});
const NoteBody = z.object({
  text: requiredText("Write a note", { max: MAX_MESSAGE, multiLine: true }),
});
const NoteAdded = z.object({ message: z.string() });

/**
 * The filters of a valid query as the queries take them, or an error message. An owner e-mail
 * that is no account's matches nothing.
 */
async function filtersOf(db: DB, query: Filters): Promise<LeadFilters | string> {
  const filters: LeadFilters = {};
  if (query.type) filters.type = query.type;
  if (query.product) filters.product = query.product;
  if (query.status) filters.status = query.status;
  if (query.q) filters.q = query.q;
  const range = dateRange(query);
  if (typeof range === "string") return range;
  Object.assign(filters, range);
  if (query.owner) {
    filters.ownerAccountId = (await ownerFilter(db, query.owner)) ?? "no such account";
  }
  return filters;
}

/** How the audit log keeps each filter (route-kit.ts auditFilters); the owner as its account. */
const KEPT: Record<keyof typeof FilterShape, KeptAs> = {
  type: "asked",
  product: (value) => (DEMO_PRODUCTS as readonly string[]).includes(value),
  status: "asked",
  owner: "length",
  q: "length",
  since: "asked",
  until: "asked",
};
const auditFilters = (query: Filters, { ownerAccountId }: LeadFilters) =>
  keptFilters(query, {
    ...KEPT,
    ...(ownerAccountId ? { owner: { account: ownerAccountId } } : {}),
  });

/**
 * The lead inbox under /api/staff/leads: contact messages and demo requests together, their
 * status, owner, notes and timeline, a CSV export and the average time to first response. For
 * sales and admins; every request is in the audit log. Registered inside staffRoutes, whose hooks
 * (no-store, JSON-only writes) apply.
 */
export const inboxRoutes: FastifyPluginAsync<InboxRoutesOptions> = async (app, { db, now }) => {
  const guard = app.requireStaff(...INBOX_ROLES);
  const actorOf = (request: FastifyRequest) => {
    const staff = request.staff as StaffIdentity;
    return { accountId: staff.accountId, email: staff.email };
  };
  const unavailable = (request: FastifyRequest, reply: FastifyReply, error: unknown) =>
    unavailableFor(request, reply, error, "lead inbox request");
  const badRequest = (reply: FastifyReply, message: string) =>
    reply.code(400).send({ error: message });

  app.get(
    staffApiPaths.leads,
    {
      ...zodRoute({
        querystring: ListQuery,
        response: { 200: Page, ...REFUSALS },
      }),
      preHandler: guard,
    },
    async (request, reply) => {
      const invalid = firstIssue(request);
      if (invalid) return badRequest(reply, invalid);
      const query = request.query as z.output<typeof ListQuery>;
      const page = pageOf(query);
      if (typeof page === "string") return badRequest(reply, page);
      const { cursor, limit } = page;
      try {
        const filters = await filtersOf(db, query);
        if (typeof filters === "string") return badRequest(reply, filters);
        return await db.transaction().execute(async (trx) => {
          const leads = await listLeads(trx, filters, { cursor, limit });
          await recordAudit(trx, {
            action: "lead.list",
            at: now().toISOString(),
            actor: auditActorOf(request),
            detail: { filters: auditFilters(query, filters), page: cursor ? "next" : "first" },
          });
          return leads;
        });
      } catch (error) {
        return unavailable(request, reply, error);
      }
    },
  );

  app.get(
    staffApiPaths.leadStats,
    {
      ...zodRoute({
        querystring: FilterQuery,
        response: { 200: Stats, ...REFUSALS },
      }),
      preHandler: guard,
    },
    async (request, reply) => {
      const invalid = firstIssue(request);
      if (invalid) return badRequest(reply, invalid);
      const query = request.query as Filters;
      try {
        const filters = await filtersOf(db, query);
        if (typeof filters === "string") return badRequest(reply, filters);
        return await db.transaction().execute(async (trx) => {
          const stats = await leadStats(trx, filters);
          await recordAudit(trx, {
            action: "lead.stats",
            at: now().toISOString(),
            actor: auditActorOf(request),
            detail: { filters: auditFilters(query, filters) },
          });
          return stats;
        });
      } catch (error) {
        return unavailable(request, reply, error);
      }
    },
  );

  app.get(
    staffApiPaths.leadsCsv,
    {
      ...zodRoute({
        querystring: FilterQuery,
        response: REFUSALS,
      }),
      preHandler: guard,
    },
    async (request, reply) => {
      const invalid = firstIssue(request);
      if (invalid) return badRequest(reply, invalid);
      const query = request.query as Filters;
      const at = now();
      let filters: LeadFilters | string;
      let count: number;
      try {
        filters = await filtersOf(db, query);
        if (typeof filters === "string") return badRequest(reply, filters);
        // The export is of the leads stored before it started: those counted and audited here.
        const cutoff = new Date(at.getTime() + 1).toISOString();
        if (!filters.until || filters.until > cutoff) filters.until = cutoff;
        const snapshot = filters;
        count = await db.transaction().execute(async (trx) => {
          const rows = await countLeads(trx, snapshot);
          await recordAudit(trx, {
            action: "lead.export",
            at: at.toISOString(),
            actor: auditActorOf(request),
            detail: { filters: auditFilters(query, snapshot), rows },
          });
          return rows;
        });
      } catch (error) {
        return unavailable(request, reply, error);
      }
      async function* rows() {
        for await (const lead of allLeads(db, filters as LeadFilters)) yield csvRow(lead);
      }
      return sendCsv(request, reply, {
        columns: CSV_COLUMNS,
        rows: rows(),
        fileName: `leads-${at.toISOString().slice(0, 10)}.csv`,
        count,
        countHeader: "x-lead-count",
      });
    },
  );

  app.get(
    staffApiPaths.lead,
    {
      ...zodRoute({
        // No 400: a lead's address is all it reads.
        response: { 200: LeadDetailSchema, 401: Failed, 403: Failed, 404: Failed, 503: Failed },
      }),
      preHandler: guard,
    },
    async (request, reply) => {
      const { id } = request.params as LeadIdParams;
      if (!parseLeadKey(id)) return reply.code(404).send(NOT_FOUND);
      try {
        const lead = await viewLead(db, id, actorOf(request), now());
        return lead ?? reply.code(404).send(NOT_FOUND);
      } catch (error) {
        return unavailable(request, reply, error);
      }
    },
  );

  app.patch(
    staffApiPaths.lead,
    {
      ...zodRoute({
        body: PatchBody,
        response: { 200: LeadDetailSchema, ...RECORD_REFUSALS },
      }),
      preHandler: guard,
    },
    async (request, reply) => {
      const { id } = request.params as LeadIdParams;
      if (!parseLeadKey(id)) return reply.code(404).send(NOT_FOUND);
      const invalid = firstIssue(request);
      if (invalid) return badRequest(reply, invalid);
      const body = request.body as z.output<typeof PatchBody>;
      try {
        const lead = await updateLead(db, id, body, actorOf(request), now());
        return lead ?? reply.code(404).send(NOT_FOUND);
      } catch (error) {
        if (error instanceof UnknownOwnerError) return badRequest(reply, error.message);
        return unavailable(request, reply, error);
      }
    },
  );

  app.post(
    staffApiPaths.leadNotes,
    {
      ...zodRoute({
        body: NoteBody,
        response: { 201: NoteAdded, ...RECORD_REFUSALS },
      }),
      preHandler: guard,
    },
    async (request, reply) => {
      const { id } = request.params as LeadIdParams;
      if (!parseLeadKey(id)) return reply.code(404).send(NOT_FOUND);
      const invalid = firstIssue(request);
      if (invalid) return badRequest(reply, invalid);
      const { text } = request.body as z.output<typeof NoteBody>;
      try {
        const found = await addNote(db, id, text, actorOf(request), now());
        if (!found) return reply.code(404).send(NOT_FOUND);
        return reply.code(201).send({ message: "Note added" });
      } catch (error) {
        return unavailable(request, reply, error);
      }
    },
  );
};
