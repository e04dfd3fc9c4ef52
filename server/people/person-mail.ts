/**
 * A person's newsletter and mail records for their access request: subscriptions with their
 * consent, the outbox messages to or about them, their suppression entry and returned mail.
 */
import type { Transaction } from "kysely";
import { emailKey } from "../../leads/email";
import type { PersonExport } from "../../staff-api/people";
import { ALERT_KINDS } from "../../staff-api/admin";
import { storedWordings } from "./consent-wordings";
import { erasedSuppressionKey } from "../privacy/third-parties";
import type { Database, OutboxKind } from "../db/schema";
import { SUBSCRIPTION_FIELDS } from "./columns";

type Trx = Transaction<Database>;

/**
 * Messages about a person that went to the team, not to them: the sales desk's notifications of
 * a lead, the e-mail telling its owner it is theirs, and the team's Slack and webhook alerts.
 * They carry the person's own fields, exported from the lead; the export lists them by kind,
 * date and state only.
 */
const TEAM_KINDS: readonly OutboxKind[] = ["contact", "demo", "lead-assigned", ...ALERT_KINDS];

/** The newsletter subscriptions of the address, each with its consent record. */
export async function personSubscriptions(
  trx: Trx,
  email: string,
): Promise<PersonExport["subscriptions"]> {
  const rows = await trx
    .selectFrom("newsletter_subscriptions")
    .selectAll()
    .where("email_key", "=", emailKey(email))
    .orderBy("created_at")
    .execute();
  const wordingIds = rows.map((row) => row.consent_wording_id);
  const wordingOf = await storedWordings(trx, wordingIds);
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    status: row.status,
    fields: Object.fromEntries(SUBSCRIPTION_FIELDS.map((field) => [field, row[field]])),
    consent: {
      // Null for sign-ups from before wordings were recorded (decision 0033).
      text: wordingOf(row.consent_wording_id)?.text ?? null,
      version: wordingOf(row.consent_wording_id)?.version ?? null,
      form: "newsletter" as const,
      page: row.source,
      signedUpAt: row.consent_at,
      confirmedAt: row.confirmed_at,
      leftAt: row.unsubscribed_at,
      leftHow: row.left_how,
    },
  }));
}

/** The outbox messages about the given leads and subscriptions, oldest first; and their ids. */
export async function personMessages(
  trx: Trx,
  recordIds: string[],
): Promise<{ messages: PersonExport["messages"]; ids: string[] }> {
  if (!recordIds.length) return { messages: [], ids: [] };
  const rows = await trx
    .selectFrom("outbox")
    .leftJoin("newsletter_campaigns", "newsletter_campaigns.id", "outbox.campaign_id")
    .select([
      "outbox.id",
      "outbox.kind",
      "outbox.created_at",
      "outbox.sent_at",
      "outbox.status",
      "outbox.outcome",
      "newsletter_campaigns.subject",
    ])
    .where("outbox.lead_id", "in", recordIds)
    .orderBy("outbox.created_at")
    .orderBy("outbox.id")
    .execute();
  return {
    ids: rows.map((row) => row.id),
    messages: rows.map((row) => ({
      kind: row.kind,
      to: TEAM_KINDS.includes(row.kind) ? ("team" as const) : ("person" as const),
      createdAt: row.created_at,
      sentAt: row.sent_at,
      status: row.status,
      outcome: row.outcome,
      campaign: row.subject ?? null,
    })),
  };
}

/**
 * The address's suppression entry and the bounces and complaints about mail to it or to its
 * subscriptions: what came back and what the receiving server said, never its whole report.
 */
export async function personSuppressions(
  trx: Trx,
  email: string,
  subscriptionIds: string[],
): Promise<PersonExport["suppressions"] & { entryId: string | null }> {
  const key = emailKey(email);
  const entry = await trx
    .selectFrom("mail_suppressions")
    .select(["id", "email", "reason", "at", "detail"])
    // Kept only as a hash once the person was erased (server/newsletter/returns/suppressions.ts).
    .where("email_key", "in", [key, erasedSuppressionKey(email)])
    .executeTakeFirst();
  const events = await trx
    .selectFrom("mail_events")
    .select(["type", "email", "received_at", "status", "detail"])
    .where((eb) =>
      eb.or([
        eb("email_key", "=", key),
        ...(subscriptionIds.length ? [eb("subscription_id", "in", subscriptionIds)] : []),
      ]),
    )
    .orderBy("received_at")
    .orderBy("id")
    .execute();
  return {
    entryId: entry?.id ?? null,
    entry: entry
      ? { email: entry.email, reason: entry.reason, at: entry.at, detail: entry.detail }
      : null,
    events: events.map((e) => ({
      type: e.type,
      email: e.email,
      at: e.received_at,
      status: e.status,
      detail: e.detail,
    })),
  };
}
