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
  passkeySignInOptions: apiPaths.staffPasskeySignInOptions,
  passkeySignInVerify: apiPaths.staffPasskeySignInVerify,
  passkeys: apiPaths.staffPasskeys,
  passkey: apiPaths.staffPasskey,
  passkeyRegisterOptions: apiPaths.staffPasskeyRegisterOptions,
  passkeyRegisterVerify: apiPaths.staffPasskeyRegisterVerify,
} as const;
