/**
 * The tables of migration 0020 (server/leads/service-hours/), part of schema.ts's `Database`.
 */
import type { LeadType } from "../../leads/workflow";

export interface ServiceHoursTables {
  service_hours: ServiceHoursTable;
  public_holidays: PublicHolidayTable;
  lead_escalations: LeadEscalationTable;
}

/**
 * The sales team's service hours (migration 0020): one row, `sales`. `value` is the days and
 * targets an admin saved, as JSON; null until then (the published hours and default targets).
 */
export interface ServiceHoursTable {
  id: string;
  value: string | null;
  /** Up by one with each save; answered as the ETag. */
  version: number;
  updated_at: string;
  updated_by_account_id: string | null;
}

/** A day the sales team does not work (migration 0020): YYYY-MM-DD, Accra's calendar. */
export interface PublicHolidayTable {
  date: string;
  name: string;
}

/** A lead escalated for being overdue without a first response, once (migration 0020). */
export interface LeadEscalationTable {
  lead_type: LeadType;
  lead_id: string;
  escalated_at: string;
}
