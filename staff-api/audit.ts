/**
 * The audit log for admins (server/staff/admin/audit-routes.ts): a page of it, its CSV export and the
 * list of the actions it holds.
 */
import * as z from "zod/mini";
import { apiPaths } from "../common/paths";
import { email } from "../leads/email";
import { filterText } from "../leads/fields";
import { ADMIN_ROLES } from "./admin";
import { SESSION_REFUSALS } from "./answers";
import { endpoint } from "./endpoint";
import { isoDate, keysetPage, listAndExport } from "./query";

/** The filters of the list and the export, as the console's address names them too. */
export const AuditFilterShape = {
  /** An account's address, any case; one that is no account's matches nothing. */
  actor: z.optional(email()),
  /** An action exactly (audit/actions lists them). */
  action: filterText(100),
  since: z.optional(isoDate()),
  until: z.optional(isoDate()),
};

// Strict, like every answer of the contract: the API tests parse each answer with these.
export const AuditItem = z.strictObject({
  id: z.string(),
  at: z.string(),
  /** The acting account's address; null for the command line and anonymous attempts. */
  actor: z.nullable(z.string()),
  action: z.string(),
  /** The record acted on. */
  subject: z.nullable(z.strictObject({ type: z.string(), id: z.string() })),
  /** What the entry says besides; null when it says nothing more. */
  detail: z.nullable(z.record(z.string(), z.unknown())),
});
export type AuditItem = z.output<typeof AuditItem>;

export const AuditPage = keysetPage(AuditItem);
export type AuditPage = z.output<typeof AuditPage>;

export const auditApi = {
  /** A page of entries, newest first by (at, id); and the matching ones before it as CSV. */
  ...listAndExport({
    path: apiPaths.staffAudit,
    csvPath: apiPaths.staffAuditCsv,
    roles: ADMIN_ROLES,
    filters: AuditFilterShape,
    page: AuditPage,
  }),
  /** The distinct actions the log holds, sorted, for the console's filter. */
  actions: endpoint({
    method: "GET",
    path: apiPaths.staffAuditActions,
    roles: ADMIN_ROLES,
    answers: { 200: z.strictObject({ items: z.array(z.string()) }), ...SESSION_REFUSALS },
  }),
};
