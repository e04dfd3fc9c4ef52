/**
 * An access request's answer: everything stored about one person (person-leads.ts,
 * person-mail.ts) and the audit log's entries about their records, read in one transaction that
 * also records `person.exported`.
 */
import type { Transaction } from "kysely";
import type { PersonExport } from "../../staff-api/people";
import type { DB } from "../db/database";
import type { Database } from "../db/schema";
import { recordAudit } from "../audit/audit";
import { type PersonFound, peopleAmong } from "./people-found";
import { type PersonKey, personLeads, staffMembers } from "./person-leads";
import { personMessages, personSubscriptions, personSuppressions } from "./person-mail";

export type { PersonKey };

/**
 * What a look-up found: one person's records, or the people a phone number is in the records of
 * when they are more than one, for the admin to choose (nothing of theirs exported).
 */
export type LookedUp = { found: PersonExport } | { people: PersonFound[] };

/**
 * Reads the person's records and audits the read. The entry keeps which key was used and how many
 * records each section held, never the address or the number: the log is never erased, so it must
 * not keep who asked. A phone number without an address whose leads name several addresses
 * answers those people instead, audited as `person.lookup-ambiguous` (their names and
 * addresses are shown: a read of personal data) with how many people and records, never who.
 */
export async function exportPerson(
  db: DB,
  key: PersonKey,
  { actor, at, format }: { actor: { id: string; email: string }; at: Date; format: string },
): Promise<LookedUp> {
  return db.transaction().execute(async (trx) => {
    const { leads, notes, emails, rowIds } = await personLeads(trx, key);
    const narrowed = key.by === "phone" && key.email !== undefined;
    const people = key.by === "phone" && !narrowed ? peopleAmong(leads) : [];
    if (people.length > 1) {
      await recordAudit(trx, {
        action: "person.lookup-ambiguous",
        at: at.toISOString(),
        actor,
        detail: { by: key.by, people: people.length, records: leads.length },
      });
      return { people };
    }
    // A phone number names leads only: subscriptions and mail are stored by address, and an
    // address seen beside the number may be someone else's (a colleague's, a shared desk's).
    const byEmail = key.by === "email";
    const subscriptions = byEmail ? await personSubscriptions(trx, key.value) : [];
    const subscriptionIds = subscriptions.map((s) => s.id);
    const { messages, ids: messageIds } = await personMessages(trx, [
      ...rowIds,
      ...subscriptionIds,
    ]);
    const { entryId, ...suppressions } = byEmail
      ? await personSuppressions(trx, key.value, subscriptionIds)
      : { entryId: null, entry: null, events: [] };
    const audit = await auditOfRecords(trx, [
      ...leads.map((lead) => ["lead", lead.id] as const),
      ...subscriptionIds.map((id) => ["subscriber", id] as const),
      ...messageIds.map((id) => ["outbox", id] as const),
      ...(entryId ? [["mail_suppression", entryId] as const] : []),
    ]);
    const found: PersonExport = {
      query: narrowed
        ? { by: key.by, value: key.value, email: key.email }
        : { by: key.by, value: key.value },
      exportedAt: at.toISOString(),
      leads,
      notes,
      emails,
      subscriptions,
      messages,
      suppressions,
      audit,
    };
    await recordAudit(trx, {
      action: "person.exported",
      at: at.toISOString(),
      actor,
      detail: {
        by: key.by,
        ...(narrowed ? { narrowed: true } : {}),
        format,
        counts: countsOf(found),
      },
    });
    return { found };
  });
}

/** How many records each section holds. */
export function countsOf(found: PersonExport): Record<string, number> {
  return {
    leads: found.leads.length,
    notes: found.notes.length,
    emails: found.emails.length,
    subscriptions: found.subscriptions.length,
    messages: found.messages.length,
    suppressions: found.suppressions.entry ? 1 : 0,
    mailEvents: found.suppressions.events.length,
    audit: found.audit.length,
  };
}

/** The audit log's entries whose record is one of `records` (type, id), oldest first. */
async function auditOfRecords(
  trx: Transaction<Database>,
  records: (readonly [string, string])[],
): Promise<PersonExport["audit"]> {
  if (!records.length) return [];
  const idsOf = new Map<string, string[]>();
  for (const [type, id] of records) idsOf.set(type, [...(idsOf.get(type) ?? []), id]);
  const rows = await trx
    .selectFrom("audit_log")
    .select(["at", "action", "actor_id", "record_type", "record_id"])
    .where((eb) =>
      eb.or(
        [...idsOf].map(([type, ids]) =>
          eb.and([eb("record_type", "=", type), eb("record_id", "in", ids)]),
        ),
      ),
    )
    .orderBy("at")
    .orderBy("id")
    .execute();
  const staffOf = await staffMembers(
    trx,
    rows.map((row) => row.actor_id),
  );
  return rows.map((row) => ({
    at: row.at,
    action: row.action,
    actor: staffOf(row.actor_id),
    record: { type: row.record_type ?? "", id: row.record_id ?? "" },
  }));
}
