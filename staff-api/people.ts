/**
 * A person's access request (Ghana's Data Protection Act, 2012, Act 843): everything stored
 * about one e-mail address or one phone number, for admins (server/people/). Decisions 0031
 * and 0040 (one person per answer).
 */
import * as z from "zod/mini";
import { email } from "../leads/email";
import { LEAD_STATUSES, LEAD_TYPES } from "../leads/workflow";
import { OUTBOX_KINDS, OUTBOX_STATUSES } from "./admin";
import { CHANGE_KINDS, type LeadEventKind } from "./lead-timeline";
import { SUPPRESSION_REASONS } from "./mail";
import { SUBSCRIPTION_STATUSES, signUpDates } from "./subscribers";
import { ADMIN_ROLES, STAFF_ROLES } from "./roles";
import { REFUSALS } from "./answers";
import { endpoint } from "./endpoint";

/** The two ways to answer: JSON (for another system) or a page the company can send as it is. */
export const EXPORT_FORMATS = ["json", "html"] as const;

/** What the 400 says when the request names no key. */
export const ONE_KEY = "Give an e-mail address or a phone number.";

/** What the 409 says: the phone number is in the records of more than one person. */
export const SEVERAL_PEOPLE =
  "This phone number is in the records of more than one person. Choose whose records to export.";

/**
 * A member of staff as the export names them: their name and role, never their address (decision
 * 0040). Null parts for an account that no longer exists.
 */
const StaffMember = z.strictObject({
  name: z.nullable(z.string()),
  role: z.nullable(z.enum(STAFF_ROLES)),
});
export type StaffMember = z.output<typeof StaffMember>;

/** A stored row's columns as stored: text, or null where the column is empty. */
const Columns = z.record(z.string(), z.nullable(z.string()));

/** The words a person agreed to and their version; both null where none were recorded. */
const consentWording = { text: z.nullable(z.string()), version: z.nullable(z.string()) };

const ExportedLead = z.strictObject({
  /** As the inbox names it: contact_<uuid> or demo_<uuid>. */
  id: z.string(),
  type: z.enum(LEAD_TYPES),
  /** Every column the form stored, attribution included (server/people/columns.ts). */
  fields: Columns,
  /**
   * Their agreement to the privacy policy: the words the form showed (the contact form's box,
   * the demo form's notice) and when they sent it. Text and version are null for leads from
   * before consent wordings were recorded.
   */
  consent: z.strictObject({ ...consentWording, agreedAt: z.string() }),
  /** The inbox's status and owner, and when staff first acted on it. */
  status: z.enum(LEAD_STATUSES),
  owner: z.nullable(StaffMember),
  firstResponseAt: z.nullable(z.string()),
  /**
   * Its status and owner changes, corrections and merges, oldest first, with who made them: a
   * status as its code, an owner as a member of staff, a correction as the JSON of the fields'
   * values, a merge as the API ids of the lead merged and the one it went into.
   */
  history: z.array(
    z.strictObject({
      at: z.string(),
      kind: z.enum([
        ...CHANGE_KINDS,
        "corrected",
        "assigned",
        "merged",
      ] as const satisfies readonly LeadEventKind[]),
      by: z.nullable(StaffMember),
      from: z.nullable(z.union([z.string(), StaffMember])),
      to: z.nullable(z.union([z.string(), StaffMember])),
    }),
  ),
});

/** A note staff wrote on one of the person's leads, whole, with who wrote it (decision 0040). */
const ExportedNote = z.strictObject({
  leadId: z.string(),
  at: z.string(),
  by: z.nullable(StaffMember),
  text: z.string(),
});

/**
 * An e-mail between the person and the sales desk about one of their leads: a reply written in
 * the console (`to-person`, with who wrote it) or their answer back (`from-person`, with the
 * address and subject it came with).
 */
const ExportedEmail = z.strictObject({
  leadId: z.string(),
  at: z.string(),
  direction: z.enum(["to-person", "from-person"]),
  by: z.nullable(StaffMember),
  from: z.nullable(z.string()),
  subject: z.nullable(z.string()),
  text: z.string(),
});

const ExportedSubscription = z.strictObject({
  id: z.string(),
  email: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** The sign-up's visit: landing page, referrer, UTM tags. */
  fields: Columns,
  /** The wording they agreed to (not recorded for sign-ups before consent records existed), and the sign-up's dates. */
  consent: z.strictObject({ ...consentWording, ...signUpDates }),
});

const ExportedMessage = z.strictObject({
  kind: z.enum(OUTBOX_KINDS),
  /** "person": sent to them; "team": about them, to the sales desk or the team's channels. */
  to: z.enum(["person", "team"]),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
  status: z.enum(OUTBOX_STATUSES),
  outcome: z.nullable(z.string()),
  /** A newsletter copy's campaign subject; null for other messages. */
  campaign: z.nullable(z.string()),
});

const ExportedSuppression = z.strictObject({
  email: z.string(),
  reason: z.enum(SUPPRESSION_REASONS),
  at: z.string(),
  detail: z.string(),
});

const ExportedMailEvent = z.strictObject({
  type: z.string(),
  /** The address the report named (null when it named none). */
  email: z.nullable(z.string()),
  at: z.string(),
  status: z.nullable(z.string()),
  detail: z.string(),
});

const ExportedAuditEntry = z.strictObject({
  at: z.string(),
  action: z.string(),
  /** Null when no one signed in acted: the command line, the server's own jobs. */
  actor: z.nullable(StaffMember),
  record: z.strictObject({ type: z.string(), id: z.string() }),
});

export const PersonExport = z.strictObject({
  /** The key asked with; `email` narrows a phone number to that person's records. */
  query: z.strictObject({
    by: z.enum(["email", "phone"]),
    value: z.string(),
    email: z.optional(z.string()),
  }),
  exportedAt: z.string(),
  leads: z.array(ExportedLead),
  notes: z.array(ExportedNote),
  emails: z.array(ExportedEmail),
  subscriptions: z.array(ExportedSubscription),
  messages: z.array(ExportedMessage),
  suppressions: z.strictObject({
    entry: z.nullable(ExportedSuppression),
    events: z.array(ExportedMailEvent),
  }),
  audit: z.array(ExportedAuditEntry),
});
export type PersonExport = z.output<typeof PersonExport>;
export type ExportedLead = z.output<typeof ExportedLead>;

/**
 * The 409 of a phone number in the records of more than one person (told apart by e-mail address,
 * decision 0040): each one's name, address and number of records, for the admin to choose one.
 */
export const SeveralPeople = z.strictObject({
  error: z.string(),
  people: z.array(
    z.strictObject({
      name: z.string(),
      email: z.string(),
      records: z.number(),
    }),
  ),
});
export type SeveralPeople = z.output<typeof SeveralPeople>;

export const peopleApi = {
  /**
   * Everything held about the person `email` or `phone` names, as a download. A number in the
   * records of several people answers 409 with them; `phone` and `email` together name the one
   * chosen: the leads with that number and that address.
   */
  export: endpoint({
    method: "GET",
    path: "/api/staff/people/export",
    roles: ADMIN_ROLES,
    query: z.object({
      email: z.optional(email()),
      phone: z.optional(z.string().check(z.maxLength(40))),
      format: z.optional(z.enum(EXPORT_FORMATS)),
    }),
    answers: { 200: PersonExport, ...REFUSALS, 409: SeveralPeople },
  }),
};
