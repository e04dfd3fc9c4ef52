/**
 * Telling a member of staff that a colleague made them a lead's owner in the console: the same
 * e-mail routing sends (mail/emails/lead-assigned.tsx, saying who gave it) and a Slack message
 * when Slack is configured, queued in the transaction of the change. Nobody is told of a lead
 * they took themselves.
 */
import type { Transaction } from "kysely";
import { consoleLeadPath } from "../../../common/paths";
import type { DemoProduct } from "../../../leads/demo";
import type { Lead } from "../../../staff-api/leads";
import type { Alerts } from "../../alerts/alerts";
import type { DB } from "../../db/database";
import type { Database } from "../../db/schema";
import {
  LEAD_ASSIGNED_KIND,
  type LeadEssentials,
  leadAssignedMail,
  renderLeadAssigned,
} from "../../mail/emails/lead-assigned";
import type { RenderedEmail } from "../../mail/emails/parts";
import { enqueueMail } from "../../mail/outbox";
import { enqueueAlerts } from "../store";
import { findLeadRow, toLead } from "../inbox/lead-query";
import { firstLine } from "../inbox/lead-list";
import type { Owner } from "./assign";

/** What a lead's page shows, as the owner's e-mail lists it. */
export function essentialsOf(lead: Lead): LeadEssentials {
  return {
    type: lead.type,
    name: lead.name || [lead.firstName, lead.lastName].filter(Boolean).join(" "),
    email: lead.email,
    phone: lead.phone,
    ...(lead.company !== undefined ? { company: lead.company } : {}),
    ...(lead.product ? { product: lead.product as DemoProduct } : {}),
    ...(lead.message !== undefined ? { message: firstLine(lead.message) } : {}),
    receivedAt: lead.createdAt,
  };
}

/** The notice of a change of owner, made ready before the change's transaction opens. */
export interface OwnerNotice {
  lead: Lead;
  mail: RenderedEmail;
  /** The colleague who gave the lead away. */
  by: { name: string };
}

/**
 * The e-mail to whoever `by` makes owner of lead `key`, rendered (before the transaction: on
 * SQLite it holds every other write while open); null when there is no such lead.
 */
export async function prepareOwnerNotice(
  db: DB,
  key: string,
  { publicUrl, by }: { publicUrl: string; by: { name: string } },
): Promise<OwnerNotice | null> {
  const row = await findLeadRow(db, key);
  if (!row) return null;
  const lead = toLead(row);
  const leadUrl = `${publicUrl}${consoleLeadPath(lead.id)}`;
  const mail = await renderLeadAssigned({ lead: essentialsOf(lead), leadUrl, by: by.name });
  return { lead, mail, by };
}

/** Queues the notice to `owner`, and its Slack message, in the change's transaction. */
export async function enqueueOwnerNotice(
  trx: Transaction<Database>,
  notice: OwnerNotice,
  owner: Owner,
  { alerts, rowId, at }: { alerts: Alerts; rowId: string; at: string },
) {
  const message = leadAssignedMail(notice.mail, owner);
  await enqueueMail(trx, { kind: LEAD_ASSIGNED_KIND, leadId: rowId, message, now: at });
  const { type, company } = notice.lead;
  const slack = alerts.forAssignment({
    type,
    id: rowId,
    name: essentialsOf(notice.lead).name,
    ...(company ? { company } : {}),
    owner: { name: owner.name },
    by: notice.by,
  });
  await enqueueAlerts(trx, rowId, slack, at);
}
