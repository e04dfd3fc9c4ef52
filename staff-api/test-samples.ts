/**
 * Answers of the contract as the API sends them, for the tests on both sides of it: the
 * console's (what a page does with an answer) and the API's (what the contract accepts).
 */
import type { LeadDetail, TimelineEntry } from "./leads";

/** A contact message as the API answers it (LeadDetail), with `fields` in place of its own. */
export function leadDetail(fields: Partial<LeadDetail> = {}): LeadDetail {
  return {
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
    timeline: [],
    ...fields,
  };
}

type Delivery = Extract<TimelineEntry, { kind: "delivery" }>;

/** A notification's delivery in a lead's timeline: an e-mail sent at the first attempt. */
export function leadDelivery(fields: Partial<Delivery> = {}): Delivery {
  return {
    kind: "delivery",
    channel: "email",
    at: "2026-11-20T10:00:00.000Z",
    status: "sent",
    attempts: 1,
    sentAt: "2026-11-20T10:00:05.000Z",
    ...fields,
  };
}
