/**
 * What escalation's tests share: Accra wall-clock instants and a sweep at one of them, with the
 * sales address and site the escalation mails name.
 */
import type { StaffApi } from "../../testing/staff-api";
import { escalateOverdueLeads } from "./escalation";

/** An instant in Accra, which keeps UTC+0: the text is the wall clock there. */
export const accra = (local: string) => new Date(`${local}Z`);

const SWEEP_CONFIG = {
  salesEmail: "sales@site.test",
  publicUrl: "https://www.example.com",
  alerts: {},
};

/** An escalation sweep on `api`'s database at Accra wall-clock time `local`. */
export const sweepOn = (api: StaffApi) => (local: string) =>
  escalateOverdueLeads(api.db, accra(local), SWEEP_CONFIG);
