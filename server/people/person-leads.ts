/**
 * A person's leads for their access request: their contact messages and demo requests, each with
 * every stored field, the inbox's status, owner and history, the notes staff wrote on them, and
 * the e-mails sales and the person exchanged about them.
 */
import type { Transaction } from "kysely";
import { emailKey } from "../../leads/email";
import { phoneE164 } from "../../leads/phone";
import type { LeadType } from "../../leads/workflow";
import type { ExportedLead, PersonExport, StaffMember } from "../../staff-api/people";
import { namesAccounts } from "../../staff-api/lead-timeline";
import { storedWordings } from "./consent-wordings";
import { rowsById } from "../db/rows-by-id";
import type { Database } from "../db/schema";
import { CONTACT_FIELDS, DEMO_FIELDS } from "./columns";

type Trx = Transaction<Database>;

/**
 * Whose records: an address (matched as the mailbox key) or a phone number (by its E.164 form);
 * a phone number with `email`, only the leads that have both (the person the admin chose among
 * those the number matched, decision 0040).
 */
export type PersonKey = { by: "email" | "phone"; value: string; email?: string };

export interface PersonLeads {
  leads: ExportedLead[];
  notes: PersonExport["notes"];
  emails: PersonExport["emails"];
  /** The leads' row ids, as the outbox and the mail events name them. */
  rowIds: string[];
}

const TABLES = [
  { type: "contact", table: "contact_messages", fields: CONTACT_FIELDS },
  { type: "demo", table: "demo_requests", fields: DEMO_FIELDS },
] as const;

/** The person's leads, oldest first within each form, with their notes. */
export async function personLeads(trx: Trx, key: PersonKey): Promise<PersonLeads> {
  const found: ({ type: LeadType } & LeadRow)[] = [];
  // The address narrows what the number found: one person's leads, not everyone's with it.
  const narrowTo = key.by === "phone" && key.email !== undefined ? emailKey(key.email) : null;
  for (const form of TABLES) {
    for (const row of await leadRows(trx, form, key)) {
      if (narrowTo !== null && emailKey(row.fields.email ?? "") !== narrowTo) continue;
      found.push({ type: form.type, ...row });
    }
  }
  const wordingOf = await storedWordings(
    trx,
    found.map((lead) => lead.wordingId),
  );
  const states = await trx
    .selectFrom("lead_states")
    .selectAll()
    .where("lead_id", "in", ["", ...found.map((lead) => lead.id)])
    .execute();
  const events = await trx
    .selectFrom("lead_events")
    .selectAll()
    .where("lead_id", "in", ["", ...found.map((lead) => lead.id)])
    .orderBy("at")
    .orderBy("id")
    .execute();
  const staffOf = await staffMembers(trx, [
    ...states.map((state) => state.owner_account_id),
    ...events.flatMap((e) => [
      e.actor_account_id,
      ...(namesAccounts(e.kind) ? [e.from, e.to] : []),
    ]),
  ]);
  const ofLead = <T extends { lead_type: string; lead_id: string }>(rows: T[], lead: Lead) =>
    rows.filter((row) => row.lead_type === lead.type && row.lead_id === lead.id);
  type Lead = (typeof found)[number];
  const leads = found.map((lead): ExportedLead => {
    const state = ofLead(states, lead)[0];
    return {
      id: `${lead.type}_${lead.id}`,
      type: lead.type,
      fields: lead.fields,
      consent: {
        text: wordingOf(lead.wordingId)?.text ?? null,
        version: wordingOf(lead.wordingId)?.version ?? null,
        agreedAt: lead.agreedAt,
      },
      // A lead no one has touched has no inbox row yet: it is new and nobody's.
      status: state?.status ?? "new",
      owner: staffOf(state?.owner_account_id ?? null),
      firstResponseAt: state?.first_response_at ?? null,
      // Notes are listed on their own, replies and answers in `emails` below; an
      // escalation is the team's reminder to itself.
      history: ofLead(events, lead).flatMap((e) =>
        e.kind === "note" || e.kind === "escalated" || e.kind === "reply" || e.kind === "inbound"
          ? []
          : [
              {
                at: e.at,
                kind: e.kind,
                by: staffOf(e.actor_account_id),
                from: namesAccounts(e.kind) ? staffOf(e.from) : e.from,
                to: namesAccounts(e.kind) ? staffOf(e.to) : e.to,
              },
            ],
      ),
    };
  });
  const notes = found.flatMap((lead) =>
    ofLead(events, lead)
      .filter((e) => e.kind === "note")
      .map((e) => ({
        leadId: `${lead.type}_${lead.id}`,
        at: e.at,
        by: staffOf(e.actor_account_id),
        text: e.text ?? "",
      })),
  );
  // Replies keep their words in the timeline (the outbox keeps the message only until sent);
  // an answer keeps the address and subject it came with (inbound-reply.ts: `from`, `to`).
  const emails = found.flatMap((lead) =>
    ofLead(events, lead).flatMap((e): PersonExport["emails"] =>
      e.kind === "reply" || e.kind === "inbound"
        ? [
            {
              leadId: `${lead.type}_${lead.id}`,
              at: e.at,
              direction: e.kind === "reply" ? "to-person" : "from-person",
              by: staffOf(e.actor_account_id),
              from: e.kind === "inbound" ? e.from : null,
              subject: e.kind === "inbound" ? e.to : null,
              text: e.text ?? "",
            },
          ]
        : [],
    ),
  );
  return { leads, notes, emails, rowIds: found.map((lead) => lead.id) };
}

/** A lead row as the export reads it: its fields, and its consent's wording and time. */
interface LeadRow {
  id: string;
  fields: Record<string, string | null>;
  wordingId: string | null;
  agreedAt: string;
}

/**
 * One form's rows of the person. By phone, the rows whose number reads the same (leads/phone.ts,
 * `phone_e164`, indexed): however either side wrote it, and never a number that merely begins
 * the same way.
 */
async function leadRows(
  trx: Trx,
  { table, fields }: (typeof TABLES)[number],
  key: PersonKey,
): Promise<LeadRow[]> {
  // Both tables have the columns read here; the rest is picked by the form's own list.
  const query = trx
    .selectFrom(table as "contact_messages")
    .selectAll()
    .orderBy("created_at")
    .orderBy("id");
  const rows =
    key.by === "email"
      ? await query.where("email_key", "=", emailKey(key.value)).execute()
      : // A text that holds no number (refused before it gets here) finds nothing: "" is no E.164.
        await query.where("phone_e164", "=", phoneE164(key.value) ?? "").execute();
  return rows.map((row) => {
    const stored = row as unknown as Record<string, string | null>;
    return {
      id: row.id,
      fields: Object.fromEntries(fields.map((f) => [f, stored[f] ?? null])),
      wordingId: row.consent_wording_id,
      // Sending a demo form is its agreement: the notice by its button says so.
      agreedAt: table === "contact_messages" ? row.policy_agreed_at : row.created_at,
    };
  });
}

/**
 * Staff accounts by id as the export names them, for who wrote, owned or did what: name and role,
 * never the address (decision 0040); an account that no longer exists, with neither.
 */
export async function staffMembers(
  trx: Trx,
  ids: (string | null)[],
): Promise<(id: string | null) => StaffMember | null> {
  const accountOf = await rowsById(ids, (wanted) =>
    trx
      .selectFrom("staff_accounts")
      .select(["id", "name", "role"])
      .where("id", "in", wanted)
      .execute(),
  );
  return (id) => {
    if (id === null) return null;
    const account = accountOf(id);
    return { name: account?.name.trim() || null, role: account?.role ?? null };
  };
}
