/**
 * What a lead's history holds, shared by the staff API's answers and the server that writes it:
 * the kinds of event, the channels a notification goes by, the contact details staff may
 * correct, and one entry of a lead's timeline (docs/staff-console.md).
 */
import * as z from "zod/mini";
import { MAX_MESSAGE } from "../leads/fields";
import type { LeadType } from "../leads/workflow";
import { ALERT_KINDS, OUTBOX_STATUSES } from "./admin";
import { ContactSchema } from "../leads/contact";
import { DemoFormSchema } from "../leads/demo";

/**
 * How a lead's notification went out: the sales e-mail, the e-mail telling its owner it is
 * theirs (`owner-email`, the outbox's `lead-assigned`), or an alert (server/alerts/).
 */
export const DELIVERY_CHANNELS = ["email", "owner-email", ...ALERT_KINDS] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

/**
 * The contact details staff may correct at a person's request (Ghana's Data Protection Act 2012),
 * by type: what the public form asked, but the message, product and industry (what they said,
 * not how to reach them). Checked with the form's own rules (`correctionSchema`).
 */
export const CORRECTABLE = {
  contact: ["firstName", "lastName", "email", "phone"],
  demo: ["name", "email", "phone", "company", "jobTitle"],
} as const satisfies Record<LeadType, readonly string[]>;
export type CorrectableField = (typeof CORRECTABLE)[LeadType][number];
export const CORRECTABLE_FIELDS = [
  ...new Set<CorrectableField>([...CORRECTABLE.contact, ...CORRECTABLE.demo]),
];

/**
 * What a lead's history records: a change of status or owner, a note, a correction of its
 * contact details, an escalation past its response target, the owner the routing rules gave it
 * as it arrived (`assigned`: to an account, or to nobody when no one in its rotation was
 * available), a reply e-mailed from the console, the customer's answer by e-mail, and a merge
 * of two leads found to be the same customer's; the
 * database stores it as this text (lead_events.kind, server/db/schema.ts).
 */
export const LEAD_EVENT_KINDS = [
  "status",
  "owner",
  "note",
  "corrected",
  "escalated",
  "assigned",
  // A reply sent from the console (server/leads/replies/).
  "reply",
  // The customer's answer, received by the inbound listener.
  "inbound",
  // One lead merged into another, on both leads' timelines (server/leads/duplicates/).
  "merged",
] as const;
export type LeadEventKind = (typeof LEAD_EVENT_KINDS)[number];
/** The events that take a value from one to another. */
export const CHANGE_KINDS = ["status", "owner"] as const satisfies readonly LeadEventKind[];
/** The events whose values are staff accounts (stored by id, shown by address or name). */
export const ACCOUNT_KINDS = ["owner", "assigned"] as const satisfies readonly LeadEventKind[];
export const namesAccounts = (kind: LeadEventKind) =>
  (ACCOUNT_KINDS as readonly LeadEventKind[]).includes(kind);

/** The longest reply staff may send a lead from the console. */
export const MAX_REPLY = MAX_MESSAGE;
/** The most of a customer's answer a lead's timeline keeps (the rest is cut, said with "…"). */
export const MAX_INBOUND_TEXT = 10_000;

/** A timeline entry for an event of `kind`: when it happened, and what else that kind tells. */
function eventEntry<const Kind extends LeadEventKind, Shape extends z.core.$ZodLooseShape>(
  kind: Kind,
  shape: Shape,
) {
  return z.strictObject({ kind: z.literal(kind), at: z.string(), ...shape });
}

/**
 * One line of a lead's timeline: a change, a note, a reply and the customer's answer, or a
 * notification's delivery.
 */
export const TimelineEntry = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.enum(CHANGE_KINDS),
    at: z.string(),
    /** Who did it; null once their account is gone. */
    actor: z.nullable(z.string()),
    /** A status, or an owner's address (null: nobody). */
    from: z.nullable(z.string()),
    to: z.nullable(z.string()),
  }),
  eventEntry("note", {
    actor: z.nullable(z.string()),
    text: z.string(),
  }),
  eventEntry("corrected", {
    actor: z.nullable(z.string()),
    /** The fields corrected, never their values: those only the audit log's page shows admins. */
    fields: z.array(z.enum(CORRECTABLE_FIELDS)),
  }),
  /** Past its due time without a first response: its owner (or sales) and the admins told. */
  eventEntry("escalated", {
    /** How many people the escalation e-mail went to. */
    recipients: z.number(),
  }),
  eventEntry("assigned", {
    /** The routing rules gave it, not a person: always null. */
    actor: z.null(),
    /** The owner's address; null when no one the rule names was available. */
    to: z.nullable(z.string()),
  }),
  eventEntry("reply", {
    /** Who sent it; null once their account is gone. */
    actor: z.nullable(z.string()),
    text: z.string(),
  }),
  eventEntry("inbound", {
    /** The address the answer came from, and its subject, as the message said. */
    from: z.string(),
    subject: z.string(),
    /** The new text, without the quoted history (cut at MAX_INBOUND_TEXT). */
    text: z.string(),
  }),
  /**
   * One lead merged into another as the same customer's, on both leads' timelines: the lead
   * merged (`from`, kept readable with `mergedInto` set) and the one it went into (`to`), by
   * their API ids.
   */
  eventEntry("merged", {
    /** Who merged them; null once their account is gone. */
    actor: z.nullable(z.string()),
    from: z.string(),
    to: z.string(),
  }),
  z.strictObject({
    kind: z.literal("delivery"),
    channel: z.enum(DELIVERY_CHANNELS),
    at: z.string(),
    /** The outbox message's status as stored. */
    status: z.enum(OUTBOX_STATUSES),
    attempts: z.number(),
    sentAt: z.nullable(z.string()),
  }),
]);
export type TimelineEntry = z.output<typeof TimelineEntry>;

/**
 * The public form's rules for the fields of a correction to a lead of `type`: its contact or demo
 * form's schema, narrowed to the fields sent (a field not sent keeps its value; the contact
 * form's empty phone stays allowed, the demo form's stays required).
 */
export function correctionSchema(type: LeadType, fields: readonly CorrectableField[]) {
  const keep = Object.fromEntries(fields.map((field) => [field, true]));
  return type === "contact"
    ? z.pick(ContactSchema, keep as Record<(typeof CORRECTABLE.contact)[number], true>)
    : z.pick(DemoFormSchema, keep as Record<(typeof CORRECTABLE.demo)[number], true>);
}
