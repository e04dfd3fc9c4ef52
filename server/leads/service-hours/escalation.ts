/**
 * Escalation: a lead past its due time (lead-target.ts) with no first response is brought to its
 * owner's attention (or the sales address's, while nobody owns it) and the admins', by e-mail
 * through the outbox, with an `escalated` event in its timeline. Once per lead, however many
 * server instances sweep at the same moment: the lead's row in `lead_escalations` (migration
 * 0020) is inserted first, in the transaction that queues the e-mails and writes the event, and
 * only the transaction whose insert went in does the rest. A lead whose routing rule is a rotation
 * set to hand on overdue leads goes first to the rotation's next available member
 * (../routing/hand-on.ts), who is then mailed as its owner, and so is the owner it had.
 */
import { type Transaction, sql } from "kysely";
import { consoleLeadPath } from "../../../common/paths";
import { leadKey } from "../../../leads/workflow";
import { staffName } from "../../../staff-api/admin";
import type { Config } from "../../config";
import { recordAudit } from "../../audit/audit";
import type { DB } from "../../db/database";
import type { Database, LeadType } from "../../db/schema";
import { type OverdueLead, leadEscalatedMail } from "../../mail/emails/lead-escalated";
import { SALES_TEAM } from "../../mail/emails/lead-fields";
import { enqueueMail } from "../../mail/outbox";
import { leadTarget, targetClock } from "./lead-target";
import { addEvent } from "../inbox/lead-changes";
import { readServiceHours } from "./service-hours-store";
import { type Alerts, createAlerts } from "../../alerts/alerts";
import { handOnOverdueLead } from "../routing/hand-on";

export const LEAD_ESCALATED_KIND = "lead-escalated";

const DAY = 24 * 60 * 60_000;
/** How far back a sweep looks for unanswered leads. */
const LOOK_BACK_DAYS = 30;
/**
 * A lead overdue for longer than this when a sweep first finds it (the server was down, or had
 * no escalation before) is shown as overdue in the inbox but not mailed about: a backlog of old
 * leads would otherwise arrive as one burst of e-mails.
 */
const CATCH_UP_DAYS = 3;
/** Leads escalated per sweep at most; the next sweep takes the rest. */
const BATCH = 100;

/** How often the server sweeps (with the outbox's runs, server/mail/deliveries.ts). */
export const ESCALATION_SWEEP_MS = 60_000;

interface Candidate {
  type: LeadType;
  id: string;
  created_at: string;
  owner_account_id: string | null;
  first_name: string | null;
  last_name: string | null;
  name: string | null;
  company: string | null;
}

export type EscalationConfig = Pick<Config, "salesEmail" | "publicUrl" | "alerts">;

/**
 * Unanswered, unescalated leads that arrived since `since`, oldest first; not those merged into
 * another (../duplicates/), whose customer is answered on the other lead.
 */
async function unanswered(db: DB, since: string): Promise<Candidate[]> {
  const { rows } = await sql<Candidate>`
    select l.*, s.owner_account_id as owner_account_id from (
      select 'contact' as type, c.id as id, c.created_at as created_at, c.first_name as first_name,
        c.last_name as last_name, cast(null as text) as name, cast(null as text) as company
      from contact_messages c where c.created_at >= ${since} and c.anonymised_at is null
      union all
      select 'demo' as type, d.id as id, d.created_at as created_at, cast(null as text) as first_name,
        cast(null as text) as last_name, d.name as name, d.company as company
      from demo_requests d where d.created_at >= ${since} and d.anonymised_at is null
    ) l
    left join lead_states s on s.lead_type = l.type and s.lead_id = l.id
    left join lead_escalations e on e.lead_type = l.type and e.lead_id = l.id
    where s.first_response_at is null and e.lead_id is null and s.merged_into is null
    order by l.created_at`.execute(db);
  return rows;
}

const whoOf = (lead: Candidate) =>
  lead.type === "contact"
    ? `${lead.first_name ?? ""} ${lead.last_name ?? ""}`.trim()
    : [lead.name, lead.company].filter(Boolean).join(", ");

/**
 * The owners when enabled (the lead's owner, and the one it was handed on from; else the sales
 * address) and every enabled admin, each address once.
 */
async function recipientsOf(
  trx: Transaction<Database>,
  ownerIds: (string | null)[],
  salesEmail: string,
) {
  const ids = ownerIds.filter((id) => id !== null);
  const owners = [];
  for (const id of ids) {
    const owner = await trx
      .selectFrom("staff_accounts")
      .select(["email", "name"])
      .where("id", "=", id)
      .where("disabled_at", "is", null)
      .executeTakeFirst();
    if (owner) owners.push(owner);
  }
  const admins = await trx
    .selectFrom("staff_accounts")
    .select(["email", "name"])
    .where("role", "=", "admin")
    .where("disabled_at", "is", null)
    .orderBy("email")
    .execute();
  const everyone = [
    ...(owners.length ? owners : [{ email: salesEmail, name: SALES_TEAM }]),
    ...admins,
  ];
  const seen = new Set<string>();
  return everyone.filter(({ email }) => {
    const key = email.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** How the e-mails name account `id`: by name, by address without one; null for nobody. */
async function nameOf(trx: Transaction<Database>, id: string | null) {
  if (id === null) return null;
  const account = await trx
    .selectFrom("staff_accounts")
    .select(["name", "email"])
    .where("id", "=", id)
    .executeTakeFirst();
  return account ? staffName(account) : null;
}

/**
 * Escalates one overdue lead, unless another sweep did or it was answered meanwhile: the
 * recipients' e-mails, the timeline's event and the audit entry, in one transaction with the
 * lead's escalation row. True when this call escalated it.
 */
async function escalate(
  db: DB,
  lead: Candidate,
  dueAt: string,
  at: string,
  config: EscalationConfig,
  alerts: Alerts,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const state = await trx
      .selectFrom("lead_states")
      .select(["first_response_at"])
      .where("lead_type", "=", lead.type)
      .where("lead_id", "=", lead.id)
      .executeTakeFirst();
    if (state?.first_response_at) return false;
    const inserted = await trx
      .insertInto("lead_escalations")
      .values({ lead_type: lead.type, lead_id: lead.id, escalated_at: at })
      .onConflict((conflict) => conflict.columns(["lead_type", "lead_id"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;

    const key = leadKey(lead.type, lead.id);
    const handedOn = await handOnOverdueLead(trx, key, at, { publicUrl: config.publicUrl, alerts });
    const ownerId = handedOn ? handedOn.to.id : lead.owner_account_id;
    const recipients = await recipientsOf(
      trx,
      handedOn ? [handedOn.to.id, handedOn.from] : [ownerId],
      config.salesEmail,
    );
    const overdue: OverdueLead = {
      type: lead.type,
      who: whoOf(lead),
      receivedAt: lead.created_at,
      dueAt,
      owner: await nameOf(trx, ownerId),
      ...(handedOn ? { handedOnFrom: await nameOf(trx, handedOn.from) } : {}),
      url: `${config.publicUrl}${consoleLeadPath(key)}`,
    };
    for (const recipient of recipients) {
      await enqueueMail(trx, {
        kind: LEAD_ESCALATED_KIND,
        leadId: lead.id,
        message: await leadEscalatedMail(recipient, overdue),
        now: at,
      });
    }
    await addEvent(trx, lead, null, at, { kind: "escalated", to: String(recipients.length) });
    await recordAudit(trx, {
      action: "lead.escalated",
      at,
      record: { type: "lead", id: key },
      detail: { recipients: recipients.length, dueAt },
    });
    return true;
  });
}

/**
 * One sweep at `now`: every lead of the last LOOK_BACK_DAYS still unanswered and past its due
 * time (by the service hours as they now are) is escalated, at most BATCH of them. Safe to run
 * on several instances at once. Answers how many leads this sweep escalated.
 */
export async function escalateOverdueLeads(
  db: DB,
  now: Date,
  config: EscalationConfig,
): Promise<number> {
  const since = new Date(now.getTime() - LOOK_BACK_DAYS * DAY).toISOString();
  const candidates = await unanswered(db, since);
  if (!candidates.length) return 0;
  const clock = targetClock((await readServiceHours(db)).hours, now);
  const at = now.toISOString();
  const catchUpFrom = now.getTime() - CATCH_UP_DAYS * DAY;
  const alerts = createAlerts(config.alerts, config.publicUrl);
  let escalated = 0;
  for (const lead of candidates) {
    if (escalated >= BATCH) break;
    const { dueAt, target } = leadTarget(
      { type: lead.type, createdAt: lead.created_at, firstResponseAt: null },
      clock,
    );
    if (target !== "overdue" || dueAt === null || Date.parse(dueAt) < catchUpFrom) continue;
    if (await escalate(db, lead, dueAt, at, config, alerts)) escalated++;
  }
  return escalated;
}

/** `sweep` at most once every `intervalMs`, for a loop that runs more often (the outbox's). */
export function atMostEvery(
  intervalMs: number,
  sweep: (at: Date) => Promise<unknown>,
): (at: Date) => Promise<void> {
  let last = -Infinity;
  return async (at) => {
    if (at.getTime() - last < intervalMs) return;
    last = at.getTime();
    await sweep(at);
  };
}
