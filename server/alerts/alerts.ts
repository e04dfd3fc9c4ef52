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
}

/** The alerts of the configured channels; an unset channel adds nothing. */
export function createAlerts(config: AlertsConfig, publicUrl: string): Alerts {
  const leadUrl = (lead: NewLead) => `${publicUrl}${consoleLeadPath(leadKey(lead.type, lead.id))}`;
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
          }),
        });
      }
      return entries;
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
  const who = lead.company ? `${lead.name} (${lead.company})` : lead.name;
  const line = `${what} from ${slackText(who)}`;
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
