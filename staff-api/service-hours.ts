/**
 * The sales team's service hours, for admins: the days and times it works (Accra time), the
 * public holidays it does not, and how soon each type of lead must be answered, counted in those
 * hours. The inbox reads them to say when each lead is due (server/leads/service-hours/).
 */
import * as z from "zod/mini";
import { site } from "../common/site";
import type { LeadType } from "../leads/workflow";
import { REFUSALS, Failed } from "./answers";
import { endpoint } from "./endpoint";
import { ADMIN_ROLES } from "./roles";

/** The week's days, Monday first, as the service hours name them. */
export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};

/** The only time zone the team works in; Accra keeps UTC+0 all year, with no summer time. */
export const SERVICE_TIMEZONE = site.hours.timezone;

/** Targets are whole minutes of service time, at most 30 days of them. */
export const MAX_TARGET_MINUTES = 30 * 24 * 60;
/** A holiday's name is a short label. */
export const MAX_HOLIDAY_NAME = 100;
/** More holidays than any few years have: a list this long is a mistake. */
export const MAX_HOLIDAYS = 200;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `date` (YYYY-MM-DD) is a day of the calendar: 2027-02-29 is not. */
export function isRealDate(date: string): boolean {
  const parts = DATE.exec(date);
  if (!parts) return false;
  const [year, month, day] = parts.slice(1).map(Number) as [number, number, number];
  const utc = new Date(Date.UTC(year, month - 1, day));
  return (
    utc.getUTCFullYear() === year && utc.getUTCMonth() === month - 1 && utc.getUTCDate() === day
  );
}

const Time = z.string().check(z.regex(TIME, "must be a time of day, HH:MM (24-hour)"));

/** A working day's opening and closing times, HH:MM, the opening first. */
const OpenDay = z
  .tuple([Time, Time])
  .check(z.refine(([opens, closes]) => opens < closes, "must open before it closes"));

/** A day: its hours, or null (or left out) when the team does not work it. */
const Day = z.optional(z.nullable(OpenDay));

export const Holiday = z.strictObject({
  date: z.string().check(z.refine(isRealDate, "must be a date of the calendar, YYYY-MM-DD")),
  name: z.string().check(
    z.refine((name) => name.trim() !== "", "give the holiday a name"),
    z.maxLength(MAX_HOLIDAY_NAME, `at most ${MAX_HOLIDAY_NAME} characters`),
  ),
});
export type Holiday = z.output<typeof Holiday>;

const Minutes = z
  .number()
  .check(
    z.refine(Number.isInteger, "must be whole minutes"),
    z.positive("must be more than 0 minutes"),
    z.lte(MAX_TARGET_MINUTES, `at most ${MAX_TARGET_MINUTES} minutes (30 days)`),
  );

/** How soon a lead of each type must have its first response, in minutes of service time. */
const Targets = z.strictObject({ contact: Minutes, demo: Minutes });
export type Targets = Record<LeadType, number>;

const Days = z.strictObject(
  Object.fromEntries(WEEKDAYS.map((day) => [day, Day])) as Record<Weekday, typeof Day>,
);

const ServiceHoursShape = {
  timezone: z.literal(SERVICE_TIMEZONE),
  days: Days,
  holidays: z.array(Holiday).check(z.maxLength(MAX_HOLIDAYS, `at most ${MAX_HOLIDAYS} holidays`)),
  targets: Targets,
};

/** The service hours as stored and answered; a day left out is closed. */
export const ServiceHours = z.strictObject(ServiceHoursShape);
export type ServiceHours = z.output<typeof ServiceHours>;

/** What a change sends: the whole of it, with at least one working day and one date per holiday. */
export const ServiceHoursChange = z.object(ServiceHoursShape).check(
  z.refine((hours) => WEEKDAYS.some((day) => hours.days[day]), {
    message: "at least one day must have working hours",
    path: ["days"],
  }),
  z.refine(
    (hours) =>
      new Set(hours.holidays.map((holiday) => holiday.date)).size === hours.holidays.length,
    { message: "each date at most once", path: ["holidays"] },
  ),
);

/**
 * The first response's targets before an admin sets any: a contact message within one working
 * day (the company's promise, common/site.ts salesReplyWithin), a demo request within four
 * working hours.
 */
export const DEFAULT_TARGETS: Targets = { contact: 480, demo: 240 };

/** The company's published hours (common/site.ts) as the service hours' days. */
export const DEFAULT_DAYS: ServiceHours["days"] = Object.fromEntries(
  site.hours.days.map((day) => [day, [site.hours.opens, site.hours.closes]]),
);

/** Where a lead stands against its target (server/leads/service-hours/lead-target.ts). */
export const TARGET_STATES = ["ok", "near", "overdue", "met", "missed"] as const;
export type TargetState = (typeof TARGET_STATES)[number];

export const serviceHoursApi = {
  /** The service hours, with their version (ETag) for `save`. */
  get: endpoint({
    method: "GET",
    path: "/api/staff/service-hours",
    roles: ADMIN_ROLES,
    versioned: true,
    answers: { 200: ServiceHours, 401: Failed, 403: Failed, 503: Failed },
  }),
  /**
   * Replaces them all (audited), of the version read (If-Match): 412 with them as they now are
   * when another admin changed them since, 428 without a version.
   */
  save: endpoint({
    method: "PUT",
    path: "/api/staff/service-hours",
    roles: ADMIN_ROLES,
    versioned: true,
    body: ServiceHoursChange,
    answers: { 200: ServiceHours, ...REFUSALS, 412: ServiceHours, 428: Failed },
  }),
};
