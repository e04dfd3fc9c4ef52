/**
 * One lead as the inbox shows it: its fields, status and owner (lead-query.ts), its time to first
 * response, its target (due when, in time or not: ../service-hours/), and its timeline: the
 * owner routing gave it, status and owner changes, corrections, notes, replies and the
 * customer's answers (lead_events, migration 0005) with the lead's notification deliveries (the
 * outbox: the sales e-mail, the owner's, the alerts), oldest first; with the events of the leads
 * merged into it, the lead it was merged into, and the open leads that look like the same
 * customer's (../duplicates/).
 */
import type { Transaction } from "kysely";
import { type LeadDetail } from "../../../staff-api/leads";
import { type TimelineEntry, namesAccounts } from "../../../staff-api/lead-timeline";
import { ALERT_KINDS, isAlertKind } from "../../../staff-api/admin";
import type { DB } from "../../db/database";
import type { Database } from "../../db/schema";
import { recordAudit } from "../../audit/audit";
import { LEAD_ASSIGNED_KIND } from "../../mail/emails/lead-assigned";
import { correctedFields } from "../../audit/corrections";
import { findLeadRow, targetOf, toLead } from "./lead-query";
import { leadTarget, targetClock } from "../service-hours/lead-target";
import { readServiceHours } from "../service-hours/service-hours-store";
import { leadLinks } from "../duplicates/merged-leads";

type Executor = DB | Transaction<Database>;

/** The member of staff who reads or changes a lead. */
export interface Actor {
  accountId: string;
  email: string;
}

export type { LeadDetail, TimelineEntry };

/**
 * A lead as the inbox answers it, and its version: lead_states.version, answered as its ETag, which
 * a change must name (lead-changes.ts).
 */
export interface VersionedLead {
  lead: LeadDetail;
  version: string;
}

/** The lead with its timeline (changes, notes, notification deliveries), or null. */
export async function getLead(db: Executor, key: string, now: Date): Promise<VersionedLead | null> {
  const row = await findLeadRow(db, key);
  if (!row) return null;
  const ownEvents = await db
    .selectFrom("lead_events")
    .selectAll()
    .where("lead_type", "=", row.type)
    .where("lead_id", "=", row.id)
    .orderBy("at")
    .orderBy("id")
    .execute();
  // The leads merged into this one keep their events; its timeline shows them too.
  const { mergedEvents, ...links } = await leadLinks(db, row);
  const events = [...ownEvents, ...mergedEvents];
  const accountIds = [
    ...new Set(
      events.flatMap((e) => [e.actor_account_id, ...(namesAccounts(e.kind) ? [e.from, e.to] : [])]),
    ),
  ].filter((id): id is string => id !== null);
  const accounts = new Map(
    accountIds.length
      ? (
          await db
            .selectFrom("staff_accounts")
            .select(["id", "email"])
            .where("id", "in", accountIds)
            .execute()
        ).map((a) => [a.id, a.email])
      : [],
  );
  const emailOf = (id: string | null) => (id === null ? null : (accounts.get(id) ?? null));
  const deliveries = await db
    .selectFrom("outbox")
    .select(["kind", "created_at", "status", "attempts", "sent_at"])
    .where("lead_id", "=", row.id)
    .where("kind", "in", [row.type, LEAD_ASSIGNED_KIND, ...ALERT_KINDS])
    .orderBy("created_at")
    .execute();
  const timeline: TimelineEntry[] = [
    ...events.map((e): TimelineEntry => {
      const actor = emailOf(e.actor_account_id);
      if (e.kind === "note" || e.kind === "reply") {
        return { kind: e.kind, at: e.at, actor, text: e.text ?? "" };
      }
      if (e.kind === "escalated") {
        return { kind: "escalated", at: e.at, recipients: Number(e.to ?? 0) };
      }
      // The customer's answer (server/leads/replies/inbound-reply.ts): its sender and subject.
      if (e.kind === "inbound") {
        return {
          kind: "inbound",
          at: e.at,
          from: e.from ?? "",
          subject: e.to ?? "",
          text: e.text ?? "",
        };
      }
      // Which fields, not their values: those stay for the audit log's page (admins).
      if (e.kind === "corrected") {
        return { kind: "corrected", at: e.at, actor, fields: correctedFields(e.to) };
      }
      if (e.kind === "assigned")
        return { kind: "assigned", at: e.at, actor: null, to: emailOf(e.to) };
      if (e.kind === "merged") {
        return { kind: "merged", at: e.at, actor, from: e.from ?? "", to: e.to ?? "" };
      }
      return e.kind === "owner"
        ? { kind: "owner", at: e.at, actor, from: emailOf(e.from), to: emailOf(e.to) }
        : { kind: "status", at: e.at, actor, from: e.from, to: e.to };
    }),
    ...deliveries.map((d): TimelineEntry => ({
      kind: "delivery",
      channel: isAlertKind(d.kind)
        ? d.kind
        : d.kind === LEAD_ASSIGNED_KIND
          ? "owner-email"
          : "email",
      at: d.created_at,
      status: d.status,
      attempts: Number(d.attempts),
      sentAt: d.sent_at,
    })),
  ];
  // Stable: events and deliveries at the same instant keep the order above.
  timeline.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const { hours } = await readServiceHours(db);
  const lead = {
    ...toLead(row),
    ...leadTarget(targetOf(row), targetClock(hours, now)),
    lastActivityAt: ownEvents.at(-1)?.at ?? row.created_at,
    ...links,
    firstResponseAt: row.first_response_at,
    timeToFirstResponseMs: row.first_response_at
      ? Date.parse(row.first_response_at) - Date.parse(row.created_at)
      : null,
    timeline,
  };
  return { lead, version: String(row.version) };
}

/** Reads a lead for a member of staff and records the view, in one transaction. */
export async function viewLead(
  db: DB,
  key: string,
  actor: Actor,
  now: Date,
): Promise<VersionedLead | null> {
  return db.transaction().execute(async (trx) => {
    const lead = await getLead(trx, key, now);
    if (lead) {
      await recordAudit(trx, {
        action: "lead.view",
        at: now.toISOString(),
        actor: { id: actor.accountId, email: actor.email },
        record: { type: "lead", id: key },
      });
    }
    return lead;
  });
}
