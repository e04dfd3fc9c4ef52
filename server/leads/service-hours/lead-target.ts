/**
 * Where a lead stands against its first response's target: when it is due (its arrival plus its
 * type's target, in service time) and whether it is still in time, nearly out of it, overdue, or
 * answered in time or late. Worked out when a lead is read, from the service hours of that moment
 * (read once per request), never stored: a change of the hours applies to every lead at once.
 */
import type { LeadType } from "../../../leads/workflow";
import type { ServiceHours, TargetState } from "../../../staff-api/service-hours";
import {
  type Calendar,
  addBusinessMinutes,
  businessMinutesBetween,
  calendarOf,
} from "./business-time";

/** Below this share of its target left, an unanswered lead is "near" its due time. */
export const NEAR_SHARE = 0.25;

/** A lead's target, as the inbox shows it. */
export interface LeadTarget {
  /** ISO instant; null when the hours give no due time. */
  dueAt: string | null;
  target: TargetState | null;
}

/** What the target of a lead depends on. */
export interface TargetedLead {
  type: LeadType;
  createdAt: string;
  firstResponseAt: string | null;
}

/** The service hours read for one request, and the moment it is reckoned at. */
export interface TargetClock {
  hours: ServiceHours;
  calendar: Calendar;
  now: Date;
}

export const targetClock = (hours: ServiceHours, now: Date): TargetClock => ({
  hours,
  calendar: calendarOf(hours),
  now,
});

/** When the lead is due and where it stands at `clock.now`. */
export function leadTarget(lead: TargetedLead, { hours, calendar, now }: TargetClock): LeadTarget {
  const minutes = hours.targets[lead.type];
  const due = addBusinessMinutes(new Date(lead.createdAt), minutes, calendar);
  if (!due) return { dueAt: null, target: null };
  const dueAt = due.toISOString();
  if (lead.firstResponseAt !== null) {
    return { dueAt, target: Date.parse(lead.firstResponseAt) <= due.getTime() ? "met" : "missed" };
  }
  if (now >= due) return { dueAt, target: "overdue" };
  const left = businessMinutesBetween(now, due, calendar);
  return { dueAt, target: left < minutes * NEAR_SHARE ? "near" : "ok" };
}
