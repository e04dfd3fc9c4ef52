/**
 * Marketing's reports (server/leads/reports/report-routes.ts): leads counted by week, demo product,
 * source or campaign. Counts only, nothing personal. For marketing and admins.
 */
import * as z from "zod/mini";
import { filterText } from "../leads/fields";
import { LEAD_TYPES } from "../leads/workflow";
import { filteredRead, isoDate } from "./query";
import { MARKETING_ROLES } from "./roles";

export const REPORT_DIMENSIONS = ["week", "product", "source", "campaign"] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];
export const REPORT_LEAD_TYPES = [...LEAD_TYPES, "newsletter"] as const;
export type ReportLeadType = (typeof REPORT_LEAD_TYPES)[number];

export const ReportRow = z.strictObject({
  key: z.string(),
  count: z.number(),
  /** By week, for contact and demo requests: how many were answered, and how soon on average. */
  responded: z.optional(z.number()),
  averageFirstResponseMs: z.optional(z.nullable(z.number())),
  /** By source, campaign or product, for contact and demo requests: how many sales won, lost. */
  won: z.optional(z.number()),
  lost: z.optional(z.number()),
});
export type ReportRow = z.output<typeof ReportRow>;

export const LeadReport = z.strictObject({ rows: z.array(ReportRow) });
export type LeadReport = z.output<typeof LeadReport>;

/** One group's first responses against their target (by owner, or by lead type). */
export const ResponseRow = z.strictObject({
  /** The owner's address ("(nobody)" for unowned leads), or the lead type. */
  key: z.string(),
  /** Contact and demo requests received in the range. */
  leads: z.number(),
  /** Of those, how many have a first response, and how many had it by their due time. */
  answered: z.number(),
  answeredInTime: z.number(),
  /** answeredInTime over the leads whose due time has passed or that were answered; null: none. */
  shareInTime: z.nullable(z.number()),
  averageFirstResponseMs: z.nullable(z.number()),
});
export type ResponseRow = z.output<typeof ResponseRow>;

/** The owner key of leads nobody owns. */
export const NO_OWNER = "(nobody)";

export const ResponseTimes = z.strictObject({
  byOwner: z.array(ResponseRow),
  byType: z.array(ResponseRow),
});
export type ResponseTimes = z.output<typeof ResponseTimes>;

export const reportsApi = {
  /** Leads counted by `by` since `since` (the last twelve weeks without it). */
  leads: filteredRead(
    "/api/staff/reports/leads",
    MARKETING_ROLES,
    z.object({
      by: z.enum(REPORT_DIMENSIONS),
      since: z.optional(isoDate()),
      /** Only these lead types, comma-separated (contact,demo,newsletter); all by default. */
      type: filterText(40),
    }),
    LeadReport,
  ),
  /**
   * How soon contact and demo requests received since `since` (the last twelve weeks without it)
   * were answered against their targets (server/leads/service-hours/), by owner and by type.
   */
  responseTimes: filteredRead(
    "/api/staff/reports/response-times",
    MARKETING_ROLES,
    z.object({ since: z.optional(isoDate()) }),
    ResponseTimes,
  ),
};
