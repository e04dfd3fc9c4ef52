/**
 * The lead inbox (server/leads/inbox/inbox-routes.ts): contact messages and demo requests together,
 * their status, owner, notes and timeline, the stats and a CSV export. For sales and admins.
 */
import * as z from "zod/mini";
import { email } from "../leads/email";
import { UTM_FIELDS } from "../leads/source";
import { MAX_MESSAGE, filterText, requiredText } from "../leads/fields";
import { LEAD_STATUSES, LEAD_TYPES, parseLeadKey } from "../leads/workflow";
import { Failed, RECORD_REFUSALS, REFUSALS, Said } from "./answers";
import { endpoint } from "./endpoint";
import { SALES_ROLES, type StaffRole, roleAllows } from "./roles";
import { fileExport, filteredRead, isoDate, keysetPage, listAndExport } from "./query";
import {
  CORRECTABLE_FIELDS,
  type CorrectableField,
  MAX_REPLY,
  TimelineEntry,
} from "./lead-timeline";
import { TARGET_STATES } from "./service-hours";

/** Whether an account of `role` may own a lead: one that works the leads can open those it owns. */
export const mayOwnLeads = (role: StaffRole) => roleAllows(role, SALES_ROLES);

/** What a change is told when its owner is not an enabled account that works leads. */
export const NOT_AN_OWNER = "owner: not an enabled sales or admin account";

export const NO_SUCH_LEAD = "No such lead";

/**
 * The inbox's two views of the sales desk: `mine`, the leads the signed-in account owns;
 * `unassigned`, those nobody owns yet.
 */
export const LEAD_VIEWS = ["mine", "unassigned"] as const;
export type LeadView = (typeof LEAD_VIEWS)[number];

/** The filters of the list, the stats and the export, as the inbox's address names them too. */
export const FilterShape = {
  view: z.optional(z.enum(LEAD_VIEWS)),
  type: z.optional(z.enum(LEAD_TYPES)),
  product: filterText(100),
  status: z.optional(z.enum(LEAD_STATUSES)),
  owner: z.optional(z.union([z.literal("none"), email()])),
  q: filterText(200),
  since: z.optional(isoDate()),
  until: z.optional(isoDate()),
};
const LeadFiltersQuery = z.object(FilterShape);

/** A lead's API id, contact_<uuid> or demo_<uuid>. */
const LeadId = z.object({
  id: z.string().check(z.refine((id) => parseLeadKey(id) !== null, NO_SUCH_LEAD)),
});

/** The campaign tags, named where they are read (leads/source.ts UTM_FIELDS), each optional. */
const UtmShape = Object.fromEntries(
  Object.keys(UTM_FIELDS).map((tag) => [tag, z.optional(z.string())]),
) as Record<keyof typeof UTM_FIELDS, z.ZodMiniOptional<z.ZodMiniString>>;

/** The visit's attribution where it said (leads/source.ts). */
const AttributionShape = {
  landingPage: z.optional(z.string()),
  referrer: z.optional(z.string()),
  ...UtmShape,
};
export const Attribution = z.strictObject(AttributionShape);

// Answers are strict: a field the server sends and this does not list (or the reverse) fails
// the API tests, where every answer is checked against these.
const LeadShape = {
  id: z.string(),
  type: z.enum(LEAD_TYPES),
  createdAt: z.string(),
  status: z.enum(LEAD_STATUSES),
  /** The owner's e-mail address; null while nobody has it. */
  owner: z.nullable(z.string()),
  /** The page of its form, and the visit's attribution; null for a demo without its page. */
  source: z.nullable(z.strictObject({ formPage: z.string(), ...AttributionShape })),
  // A contact message's fields…
  firstName: z.optional(z.string()),
  lastName: z.optional(z.string()),
  email: z.string(),
  phone: z.string(),
  message: z.optional(z.string()),
  // …and a demo request's.
  product: z.optional(z.string()),
  name: z.optional(z.string()),
  company: z.optional(z.string()),
  jobTitle: z.optional(z.string()),
  industry: z.optional(z.string()),
  /**
   * When retention removed the person's details from this closed lead (docs/personal-data.md):
   * its fields are blank from then on. Absent for every other lead.
   */
  anonymisedAt: z.optional(z.string()),
};
export const Lead = z.strictObject(LeadShape);
export type Lead = z.output<typeof Lead>;

/**
 * Where a lead stands against its first response's target (server/leads/service-hours/), worked
 * out when it is read, and when anything last happened to it.
 */
const TargetShape = {
  /** Its arrival plus its type's target, counted in service hours; null when none can be given. */
  dueAt: z.nullable(z.string()),
  /**
   * Unanswered: `ok`, `near` (less than a quarter of the target left) or `overdue`; answered:
   * `met` (in time) or `missed` (late). Null with `dueAt`.
   */
  target: z.nullable(z.enum(TARGET_STATES)),
  /** The latest change, note or escalation in its timeline; its arrival when it has none. */
  lastActivityAt: z.string(),
};

/**
 * The leads that look like the same customer's (server/leads/duplicates/): the API ids of the
 * open leads (not won, lost or spam, not anonymised, not merged into another) with the same
 * address or phone number, but those a member of staff marked as another customer's. Always
 * empty for a lead merged into another.
 */
const DuplicatesShape = { duplicates: z.array(z.string()) };

export const LeadDetail = z.strictObject({
  ...LeadShape,
  ...TargetShape,
  ...DuplicatesShape,
  /**
   * The API id of the lead this one was merged into; null while it stands on its own. A merged
   * lead stays readable, but is no longer open: its timeline shows on the other lead's too.
   */
  mergedInto: z.nullable(z.string()),
  firstResponseAt: z.nullable(z.string()),
  /** From the lead's arrival to its first response; null until there is one. */
  timeToFirstResponseMs: z.nullable(z.number()),
  /** Oldest first. */
  timeline: z.array(TimelineEntry),
});
export type LeadDetail = z.output<typeof LeadDetail>;

/**
 * A lead as the inbox lists it, light enough for a phone: not the whole message but its first
 * line, and whether it was answered.
 */
export const LeadSummary = z.extend(z.omit(Lead, { message: true }), {
  /** A contact message's first line, cut to 120 characters ("…" where cut). */
  messagePreview: z.optional(z.string()),
  /** Its first response (a status other than new, a note or a reply); null while unanswered. */
  firstResponseAt: z.nullable(z.string()),
  ...TargetShape,
  ...DuplicatesShape,
  /** The version a change must name, as `get` answers it in its ETag (`updateMany` sends it). */
  version: z.string(),
});
export type LeadSummary = z.output<typeof LeadSummary>;

/** How many leads match, how many were answered, and how soon on average. */
export const LeadStats = z.strictObject({
  count: z.number(),
  responded: z.number(),
  averageFirstResponseMs: z.nullable(z.number()),
});
export type LeadStats = z.output<typeof LeadStats>;

export const LeadPage = keysetPage(LeadSummary);
export type LeadPage = z.output<typeof LeadPage>;

/** The most leads one change of several may name. */
export const MAX_BULK_LEADS = 100;

/** A lead a change of several names: its id and the version it was read at (LeadSummary's). */
const BulkItem = z.object({
  id: z.string().check(z.maxLength(100)),
  version: z.string().check(z.maxLength(20)),
});

/**
 * A change of several leads: the status, the owner (null: nobody) or both, for each lead named at
 * the version it was read. At least one of status and owner.
 */
const BulkChange = z
  .object({
    items: z
      .array(BulkItem)
      .check(
        z.minLength(1, "items: name at least one lead"),
        z.maxLength(MAX_BULK_LEADS, `items: at most ${MAX_BULK_LEADS} leads at once`),
      ),
    status: z.optional(z.enum(LEAD_STATUSES)),
    owner: z.optional(z.nullable(email())),
  })
  .check(
    z.refine(
      (change) => change.status !== undefined || change.owner !== undefined,
      "Say what to change: a status, an owner or both",
    ),
  );

/**
 * What a change of several leads did: the leads changed (or left as they were, as they had it
 * already) with their new version, those changed by someone else since the version named, left
 * unchanged and answered as they now are, and the ids that name no lead.
 */
export const BulkChanged = z.strictObject({
  changed: z.array(z.strictObject({ id: z.string(), version: z.string() })),
  stale: z.array(LeadSummary),
  missing: z.array(z.string()),
});
export type BulkChanged = z.output<typeof BulkChanged>;
// The sales desk: what the console's menu counts, the account's last visit of the inbox, and a
// lead's neighbours in the list it was opened from (server/leads/desk/, decision 0060).

/**
 * The menu's counts for the signed-in account: its open leads (new, contacted, qualified: not
 * in leads/workflow.ts's CLOSED_LEAD_STATUSES), the open leads nobody owns, and the leads that
 * arrived since its last view of the inbox.
 */
export const LeadCounts = z.strictObject({
  mine: z.number(),
  unassigned: z.number(),
  newSinceVisit: z.number(),
});
export type LeadCounts = z.output<typeof LeadCounts>;

/**
 * A view of the inbox, recorded per account: leads created after `since` are new to this visit
 * (null on the account's first visit: nothing is marked).
 */
export const InboxVisit = z.strictObject({ since: z.nullable(z.string()) });
export type InboxVisit = z.output<typeof InboxVisit>;

/** The leads before and after one in a filtered list, by their ids; null at either end. */
export const LeadNeighbours = z.strictObject({
  previous: z.nullable(z.string()),
  next: z.nullable(z.string()),
});
export type LeadNeighbours = z.output<typeof LeadNeighbours>;

const deskEndpoints = {
  /** The console menu's counts, read on every page of a role that works leads. */
  counts: endpoint({
    method: "GET",
    path: "/api/staff/leads/counts",
    roles: SALES_ROLES,
    answers: { 200: LeadCounts, 401: Failed, 403: Failed, 503: Failed },
  }),
  /**
   * Records a view of the inbox by the signed-in account, and answers where this visit's "new"
   * starts: views less than half an hour apart are one visit, so opening a lead and coming back
   * keeps the marks; after a break they start at the last view before it. The same on every
   * device of one person.
   */
  recordVisit: endpoint({
    method: "POST",
    path: "/api/staff/leads/visits",
    roles: SALES_ROLES,
    answers: { 200: InboxVisit, 401: Failed, 403: Failed, 503: Failed },
  }),
  /**
   * The leads just before (newer) and just after (older) lead `id` in the list of these
   * filters, in the inbox's order (received, newest first). The lead itself need not match them
   * any more (its status changed since the list was read): its place in the order is enough.
   */
  neighbours: endpoint({
    method: "GET",
    path: "/api/staff/leads/:id/neighbours",
    roles: SALES_ROLES,
    params: LeadId,
    notFound: NO_SUCH_LEAD,
    query: LeadFiltersQuery,
    answers: { 200: LeadNeighbours, ...RECORD_REFUSALS },
  }),
};

export const leadsApi = {
  /** A page of leads, newest first; and every matching lead as a CSV file. */
  ...listAndExport("/api/staff/leads", SALES_ROLES, FilterShape, LeadPage),
  ...deskEndpoints,
  /**
   * Every matching lead as an Excel file, for people rather than tools: the CSV's filters, roles
   * and audit entry; phones as text, times on Accra's clock, words for codes, the owner's name,
   * notes and first response (server/leads/inbox/inbox-xlsx.ts). The count in `x-lead-count`.
   */
  exportXlsx: fileExport("/api/staff/leads.xlsx", SALES_ROLES, FilterShape),
  /** How many leads match, and how soon they were answered. */
  stats: filteredRead("/api/staff/leads/stats", SALES_ROLES, LeadFiltersQuery, LeadStats),
  /**
   * One lead with its timeline, and its version (ETag) for `update`; reading it is audited. No
   * 400: its address is all it reads.
   */
  get: endpoint({
    method: "GET",
    path: "/api/staff/leads/:id",
    roles: SALES_ROLES,
    params: LeadId,
    notFound: NO_SUCH_LEAD,
    versioned: true,
    answers: { 200: LeadDetail, 401: Failed, 403: Failed, 404: Failed, 503: Failed },
  }),
  /**
   * A new status or owner (null: nobody), and corrected contact details (CORRECTABLE: each by
   * its public form's rules, a field of the other type a 400), of the version read (If-Match):
   * only the fields sent change. The owner is an enabled sales or admin account (else 400), or the one it has. Answers
   * the lead as it now is; 412 with the lead as it now is when it changed since that version, 428
   * without one.
   */
  update: endpoint({
    method: "PATCH",
    path: "/api/staff/leads/:id",
    roles: SALES_ROLES,
    params: LeadId,
    notFound: NO_SUCH_LEAD,
    versioned: true,
    body: z.object({
      status: z.optional(z.enum(LEAD_STATUSES)),
      owner: z.optional(z.nullable(email())),
      // Any text here: the server checks each with its form's rules once it knows the type.
      ...(Object.fromEntries(
        CORRECTABLE_FIELDS.map((field) => [field, z.optional(z.string())] as const),
      ) as Record<CorrectableField, z.ZodMiniOptional<z.ZodMiniString>>),
    }),
    answers: { 200: LeadDetail, ...RECORD_REFUSALS, 409: Failed, 412: LeadDetail, 428: Failed },
  }),
  /**
   * The same status and/or owner for up to MAX_BULK_LEADS leads, each only when it is still at the
   * version named (as `update`'s If-Match): one transaction per lead, each with the events, audit
   * entries and owner's e-mail a single `update` writes. A stale lead is left unchanged and
   * answered as it now is; an id that names no lead is listed as missing. The owner as for
   * `update` (400 NOT_AN_OWNER otherwise).
   */
  updateMany: endpoint({
    method: "PATCH",
    path: "/api/staff/leads",
    roles: SALES_ROLES,
    body: BulkChange,
    answers: { 200: BulkChanged, ...REFUSALS },
  }),
  addNote: endpoint({
    method: "POST",
    path: "/api/staff/leads/:id/notes",
    roles: SALES_ROLES,
    params: LeadId,
    notFound: NO_SUCH_LEAD,
    body: z.object({
      text: requiredText("Write a note", { max: MAX_MESSAGE, multiLine: true }),
    }),
    answers: { 201: Said, ...RECORD_REFUSALS },
  }),
  /**
   * E-mails the lead a reply written in the console (plain text), from the company's address in
   * the sender's name, its answers coming back to the lead's timeline (server/leads/replies/).
   * 202: queued in the outbox. 409 when the person may not be written to: their details were
   * removed, or their address is on the suppression list.
   */
  reply: endpoint({
    method: "POST",
    path: "/api/staff/leads/:id/replies",
    roles: SALES_ROLES,
    params: LeadId,
    notFound: NO_SUCH_LEAD,
    body: z.object({
      text: requiredText("Write a reply", { max: MAX_REPLY, multiLine: true }),
    }),
    answers: { 202: Said, ...RECORD_REFUSALS, 409: Failed },
  }),
  /**
   * Merges this lead into `into`, the same customer's (server/leads/duplicates/), as of the
   * version read (If-Match, as `update`): both must exist and differ (404, 400), neither be
   * anonymised nor already merged (409). Nothing is lost: this lead stays readable with
   * `mergedInto` set, and its timeline shows on `into`'s; `into` takes its owner and first
   * response when it has none. Answers this lead as it now is; 412 with it when it changed since
   * that version, 428 without one.
   */
  merge: endpoint({
    method: "POST",
    path: "/api/staff/leads/:id/merge",
    roles: SALES_ROLES,
    params: LeadId,
    notFound: NO_SUCH_LEAD,
    versioned: true,
    body: z.object({ into: z.string() }),
    answers: { 200: LeadDetail, ...RECORD_REFUSALS, 409: Failed, 412: LeadDetail, 428: Failed },
  }),
  /**
   * Says this lead and `from` are not the same customer: neither lists the other among its
   * `duplicates` again. Both must exist and differ (404, 400); marking a pair twice is no change.
   */
  distinct: endpoint({
    method: "POST",
    path: "/api/staff/leads/:id/distinct",
    roles: SALES_ROLES,
    params: LeadId,
    notFound: NO_SUCH_LEAD,
    body: z.object({ from: z.string() }),
    answers: { 200: Said, ...RECORD_REFUSALS },
  }),
};
