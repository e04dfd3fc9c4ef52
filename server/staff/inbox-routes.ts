import { Readable } from "node:stream";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import * as z from "zod/mini";
import { email } from "../../leads/email";
import { csvCell } from "../cli/csv";
import type { DB } from "../db/database";
import { refusal, zodRoute } from "../http/zod-schemas";
import { safeError } from "../log-safety";
import { recordAudit } from "./audit";
import {
  CSV_COLUMNS,
  type Cursor,
  DEFAULT_PAGE_SIZE,
  LEAD_STATUSES,
  LEAD_TYPES,
  type LeadFilters,
  MAX_PAGE_SIZE,
  UnknownOwnerError,
  addNote,
  allLeads,
  csvRow,
  decodeCursor,
  getLead,
  leadStats,
  listLeads,
  ownerFilter,
  parseLeadKey,
  updateLead,
  viewLead,
} from "./inbox";
import { staffApiPaths } from "./paths";
import type { StaffIdentity } from "./sessions";

export interface InboxRoutesOptions {
  db: DB;
  now: () => Date;
}

/** Who may work with contact and demo leads. */
const INBOX_ROLES = ["sales", "admin"] as const;

const Failed = z.object({ error: z.string() });
/** The refusals every inbox route can answer, and those of a route about one lead. */
const REFUSALS = { 400: Failed, 401: Failed, 403: Failed, 503: Failed };
const LEAD_REFUSALS = { ...REFUSALS, 404: Failed };
const UNAVAILABLE = { error: "Please try again in a few minutes." };
const NOT_FOUND = { error: "No such lead" };

/** An ISO date (2026-11-23) or instant (2026-11-23T10:00:00Z, with an optional offset). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;
const isoDate = () => z.string().check(z.regex(ISO_DATE, "must be an ISO date"));

const FilterShape = {
  type: z.optional(z.enum(LEAD_TYPES)),
  product: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  status: z.optional(z.enum(LEAD_STATUSES)),
  owner: z.optional(z.union([z.literal("none"), email()])),
  q: z.optional(z.string().check(z.maxLength(200))),
  since: z.optional(isoDate()),
  until: z.optional(isoDate()),
};
const FilterQuery = z.object(FilterShape);
const ListQuery = z.object({
  ...FilterShape,
  cursor: z.optional(z.string().check(z.maxLength(400))),
  limit: z.optional(z.string().check(z.regex(/^\d{1,3}$/, "limit must be 1 to 100"))),
});
type Filters = z.output<typeof FilterQuery>;

/** The route parameter of one lead: its API id (checked by parseLeadKey). */
interface LeadIdParams {
  id: string;
}

const Source = z.nullable(z.object({ formPage: z.string() }));
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
  text: z.string().check(z.trim(), z.minLength(1), z.maxLength(5000)),
});
const NoteAdded = z.object({ message: z.string() });

const DAY_MS = 24 * 60 * 60_000;

/** An ISO date or instant as an instant; a date alone is midnight UTC (`endOfDay`: the next). */
function instant(text: string, endOfDay: boolean): string | null {
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) return null;
  if (text.length === 10) {
    // Date.parse rolls 2026-02-30 over to March: refuse a day the month does not have.
    if (new Date(ms).toISOString().slice(0, 10) !== text) return null;
    return new Date(endOfDay ? ms + DAY_MS : ms).toISOString();
  }
  return new Date(ms).toISOString();
}

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
  if (query.since !== undefined) {
    const since = instant(query.since, false);
    if (!since) return "since is not a valid date";
    filters.since = since;
  }
  if (query.until !== undefined) {
    const until = instant(query.until, true);
    if (!until) return "until is not a valid date";
    filters.until = until;
  }
  if (query.owner) {
    filters.ownerAccountId = (await ownerFilter(db, query.owner)) ?? "no such account";
  }
  return filters;
}

/**
 * What the audit log keeps of a request's filters: what was asked, as it was asked, except the
 * search text. That is often a visitor's name or address, and the log can never be erased, so
 * it keeps only that there was one and its length; the leads seen are in their own entries.
 */
function auditFilters(query: Filters) {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (typeof value !== "string" || !(name in FilterShape)) continue;
    kept[name] = name === "q" ? `(${[...value].length} characters)` : value;
  }
  return kept;
}

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
  const auditActorOf = (request: FastifyRequest) => {
    const { accountId, email: address } = actorOf(request);
    return { id: accountId, email: address };
  };
  const unavailable = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    request.log.error({ err: safeError(error) }, "lead inbox request failed");
    reply.header("retry-after", "60");
    return reply.code(503).send(UNAVAILABLE);
  };
  const badRequest = (reply: FastifyReply, message: string) =>
    reply.code(400).send({ error: message });
  const firstIssue = (request: FastifyRequest) => {
    const issue = refusal(request)?.issues[0];
    if (!issue) return null;
    const field = issue.path.join(".");
    return field ? `${field}: ${issue.message}` : issue.message;
  };

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
      let cursor: Cursor | null = null;
      if (query.cursor !== undefined) {
        cursor = decodeCursor(query.cursor);
        if (!cursor) return badRequest(reply, "cursor is not valid");
      }
      const limit = query.limit === undefined ? DEFAULT_PAGE_SIZE : Number(query.limit);
      if (!(limit >= 1 && limit <= MAX_PAGE_SIZE)) {
        return badRequest(reply, `limit must be 1 to ${MAX_PAGE_SIZE}`);
      }
      try {
        const filters = await filtersOf(db, query);
        if (typeof filters === "string") return badRequest(reply, filters);
        return await db.transaction().execute(async (trx) => {
          const page = await listLeads(trx, filters, { cursor, limit });
          await recordAudit(trx, {
            action: "lead.list",
            at: now().toISOString(),
            actor: auditActorOf(request),
            detail: { filters: auditFilters(query), page: cursor ? "next" : "first" },
          });
          return page;
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
            detail: { filters: auditFilters(query) },
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
          const { count: rows } = await leadStats(trx, snapshot);
          await recordAudit(trx, {
            action: "lead.export",
            at: at.toISOString(),
            actor: auditActorOf(request),
            detail: { filters: auditFilters(query), rows },
          });
          return rows;
        });
      } catch (error) {
        return unavailable(request, reply, error);
      }
      const rows = allLeads(db, filters);
      async function* csv() {
        yield `${CSV_COLUMNS.map(csvCell).join(",")}\r\n`;
        for await (const lead of rows) {
          const row = csvRow(lead);
          yield `${CSV_COLUMNS.map((column) => csvCell(row[column])).join(",")}\r\n`;
        }
      }
      const stream = Readable.from(csv());
      stream.on("error", (error) => {
        request.log.error({ err: safeError(error) }, "lead export failed while streaming");
      });
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="leads-${at.toISOString().slice(0, 10)}.csv"`,
        )
        .header("x-lead-count", String(count))
        .send(stream);
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
        response: { 200: LeadDetailSchema, ...LEAD_REFUSALS },
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
        const found = await updateLead(db, id, body, actorOf(request), now());
        if (!found) return reply.code(404).send(NOT_FOUND);
        const lead = await getLead(db, id);
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
        response: { 201: NoteAdded, ...LEAD_REFUSALS },
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
