/**
 * The alerts that go out besides e-mail, as outbox entries stored in the same transaction as the
 * change they announce (a lead, a confirmation, an unsubscription): a Slack message for each
 * contact and demo request, and a signed webhook event for a CRM. The outbox delivers them with
 * retries (deliver.ts); see docs/decisions/0017-alerts-and-webhooks.md.
 */
import { consoleLeadPath } from "../../common/paths";
import { DEMO_PRODUCT_NAMES, type DemoProduct } from "../../leads/demo";
import { type LeadType, leadKey } from "../../leads/workflow";
import type { AlertKind } from "../../staff-api/admin";
import { LEAD_TYPE_LABELS } from "../../staff-api/lead-labels";
import type { AlertsConfig } from "../config";

/** One delivery to store in the outbox: its kind and the exact body to post. */
export interface AlertEntry {
  kind: AlertKind;
  payload: string;
}

export type WebhookEventType = "lead.created" | "subscriber.confirmed" | "subscriber.unsubscribed";

/** A new contact or demo request, as its alerts describe it. */
export interface NewLead {
  type: LeadType;
  id: string;
  receivedAt: string;
  /** Who: the visitor's name as they typed it. */
  name: string;
  company?: string;
  product?: DemoProduct;
  /** Every field of the lead, for the CRM (never for Slack). */
  fields: Record<string, unknown>;
  /**
   * Whom the routing rules gave it (null: no one was available, it waits unassigned); left out
   * when no rule matched it.
   */
  owner?: { name: string; email: string } | null;
}

/** A lead given to a member of staff by hand in the console, for its Slack message. */
export interface LeadAssignment {
  type: LeadType;
  id: string;
  /** The visitor's name, and company if any. */
  name: string;
  company?: string;
  owner: { name: string };
  by: { name: string };
}

/** A subscription that was confirmed or ended. */
export interface SubscriberChange {
  email: string;
  at: string;
  /** The page of the sign-up form. */
  signUpPage: string;
}

/** Slack's mrkdwn reads &, < and > as markup (links, mentions): a name must not. */
export function slackText(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

const event = (type: WebhookEventType, timestamp: string, data: Record<string, unknown>) =>
  JSON.stringify({ type, timestamp, data });

export interface Alerts {
  forLead(lead: NewLead): AlertEntry[];
  forSubscriber(
    type: Exclude<WebhookEventType, "lead.created">,
    change: SubscriberChange,
  ): AlertEntry[];
  /** Slack's message when a colleague gives a lead to someone in the console. */
  forAssignment(assignment: LeadAssignment): AlertEntry[];
}

/** The alerts of the configured channels; an unset channel adds nothing. */
export function createAlerts(config: AlertsConfig, publicUrl: string): Alerts {
  const leadUrl = (lead: { type: LeadType; id: string }) =>
    `${publicUrl}${consoleLeadPath(leadKey(lead.type, lead.id))}`;
  return {
    forLead(lead) {
      const entries: AlertEntry[] = [];
      if (config.slackUrl)
        entries.push({ kind: "slack", payload: slackMessage(lead, leadUrl(lead)) });
      if (config.webhook) {
        entries.push({
          kind: "webhook",
          payload: event("lead.created", lead.receivedAt, {
            id: leadKey(lead.type, lead.id),
            type: lead.type,
            createdAt: lead.receivedAt,
            url: leadUrl(lead),
            ...lead.fields,
            // The CRM can put the lead in the same hands; null: it waits for someone.
            ...(lead.owner === undefined ? {} : { owner: lead.owner }),
          }),
        });
      }
      return entries;
    },
    forAssignment(assignment) {
      if (!config.slackUrl) return [];
      const what = LEAD_TYPE_LABELS[assignment.type];
      const line = `${what} from ${slackText(whoOf(assignment))} given to ${slackText(assignment.owner.name)} by ${slackText(assignment.by.name)}`;
      return [{ kind: "slack", payload: slackPost(line, leadUrl(assignment)) }];
    },
    forSubscriber(type, change) {
      if (!config.webhook) return [];
      const at = type === "subscriber.confirmed" ? "confirmedAt" : "unsubscribedAt";
      return [
        {
          kind: "webhook",
          payload: event(type, change.at, {
            email: change.email,
            [at]: change.at,
            signUpPage: change.signUpPage,
          }),
        },
      ];
    },
  };
}

/**
 * Who asked, for which product, and a link to the lead in the console. No message text, e-mail
 * or phone: a chat channel is read by more people, and kept longer, than the console.
 */
function slackMessage(lead: NewLead, url: string): string {
  const what =
    lead.type === "demo"
      ? `New demo request${lead.product ? ` for ${DEMO_PRODUCT_NAMES[lead.product]}` : ""}`
      : "New contact message";
  return slackPost(`${what} from ${slackText(whoOf(lead))}${ownerWords(lead.owner)}`, url);
}

/** Who sent a lead: the name, and the company in brackets when there is one. */
const whoOf = (lead: { name: string; company?: string }) =>
  lead.company ? `${lead.name} (${lead.company})` : lead.name;

/** Whom routing gave a new lead, as the end of its Slack line; nothing when no rule matched. */
function ownerWords(owner: NewLead["owner"]): string {
  if (owner === undefined) return "";
  return owner
    ? `, for ${slackText(owner.name)}`
    : ", unassigned: no one in its rotation is available";
}

/** A Slack message: the line in bold, and a button to the lead. */
function slackPost(line: string, url: string): string {
  return JSON.stringify({
    text: `${line}: ${url}`,
    blocks: [
      { type: "section", text: { type: "mrkdwn", text: `*${line}*` } },
      {
        type: "actions",
        elements: [{ type: "button", text: { type: "plain_text", text: "Open the lead" }, url }],
      },
    ],
  });
}
