/**
 * Answers of the contract as the API sends them, for the tests on both sides of it: the
 * console's (what a page does with an answer) and the API's (what the contract accepts).
 */
import type { StaffAccount } from "./admin";
import type { LeadDetail, LeadSummary } from "./leads";
import type { TimelineEntry } from "./lead-timeline";
import type { Subscriber } from "./subscribers";

/** The samples of one answer: `defaults`, with the fields a test gives in place of those. */
const samplesOf =
  <T>(defaults: T) =>
  (fields: Partial<T> = {}): T => ({ ...defaults, ...fields });

/** A contact message as the API answers it (LeadDetail). */
export const leadDetail = samplesOf<LeadDetail>({
  id: "contact-1",
  type: "contact",
  createdAt: "2026-11-20T10:00:00.000Z",
  status: "new",
  owner: null,
  source: null,
  firstName: "Ama",
  lastName: "Mensah",
  email: "ama@example.com",
  phone: "",
  message: "Hello",
  firstResponseAt: null,
  timeToFirstResponseMs: null,
  dueAt: "2026-11-20T18:00:00.000Z",
  target: "ok",
  lastActivityAt: "2026-11-20T10:00:00.000Z",
  duplicates: [],
  mergedInto: null,
  timeline: [],
});

const {
  message: _message,
  timeline: _timeline,
  timeToFirstResponseMs: _ms,
  mergedInto: _mergedInto,
  ...listed
} = leadDetail();

/** The same lead as the inbox lists it (LeadSummary), at version 1. */
export const leadSummary = samplesOf<LeadSummary>({
  ...listed,
  messagePreview: "Hello",
  version: "1",
});

type Delivery = Extract<TimelineEntry, { kind: "delivery" }>;

/** A notification's delivery in a lead's timeline: an e-mail sent at the first attempt. */
export const leadDelivery = samplesOf<Delivery>({
  kind: "delivery",
  channel: "email",
  at: "2026-11-20T10:00:00.000Z",
  status: "sent",
  attempts: 1,
  sentAt: "2026-11-20T10:00:05.000Z",
});

/** A staff account as the admin pages list it: a salesperson invited, never signed in. */
export const staffAccount = samplesOf<StaffAccount>({
  id: "00000000-0000-0000-0000-000000000000",
  email: "ama@example.com",
  name: "Ama",
  role: "sales",
  disabled: false,
  createdAt: "2026-11-01T09:00:00.000Z",
  lastSignInAt: null,
  invitedAt: "2026-11-01T09:00:00.000Z",
  invitedBy: "Kwame Asante",
  version: "v1",
});

/** A subscriber as marketing's list shows one: confirmed, come through a campaign. */
export const subscriber = samplesOf<Subscriber>({
  id: "00000000-0000-0000-0000-000000000000",
  email: "esi@example.com",
  status: "confirmed",
  createdAt: "2026-11-01T09:00:00.000Z",
  confirmedAt: "2026-11-01T09:05:00.000Z",
  unsubscribedAt: null,
  page: null,
  source: { utmCampaign: "harmattan" },
  confirmationSentAt: "2026-11-01T09:00:00.000Z",
  confirmationAgainAt: "2026-11-01T10:00:00.000Z",
  version: "v1",
});
