import { apiPaths } from "../../common/paths";

/** The staff API's addresses (written in common/paths.ts), by short name. */
export const staffApiPaths = {
  requestLink: apiPaths.staffRequestLink,
  verify: apiPaths.staffVerify,
  me: apiPaths.staffMe,
  signOut: apiPaths.staffSignOut,
  signOutEverywhere: apiPaths.staffSignOutEverywhere,
  leads: apiPaths.staffLeads,
  leadsCsv: apiPaths.staffLeadsCsv,
  leadStats: apiPaths.staffLeadStats,
  lead: apiPaths.staffLead,
  leadNotes: apiPaths.staffLeadNotes,
  subscribers: apiPaths.staffSubscribers,
  subscribersCsv: apiPaths.staffSubscribersCsv,
  team: apiPaths.staffTeam,
  accounts: apiPaths.staffAccounts,
  account: apiPaths.staffAccount,
  audit: apiPaths.staffAudit,
  auditCsv: apiPaths.staffAuditCsv,
  auditActions: apiPaths.staffAuditActions,
  forget: apiPaths.staffForget,
  outbox: apiPaths.staffOutbox,
  outboxRetry: apiPaths.staffOutboxRetry,
} as const;
