import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { contactEndpoint } from "../../leads/contact";
import { demoEndpoint } from "../../leads/demo";
import { subscribeEndpoint } from "../../leads/newsletter";
import { consoleLeadPath, demoPaths, formStatusPaths, pagePaths } from "../../common/paths";
import type { PageRenderer } from "../static/page-renderer";
import { type LeadType, leadKey } from "../../leads/workflow";
import { type NewLead, createAlerts } from "../alerts/alerts";
import type { Config } from "../config";
import type { DB } from "../db/database";
import { type LeadAlerts, saveContact, saveDemoRequest } from "./store";
import { subscribe } from "../newsletter/subscribers/lifecycle";
import { acceptFormPosts } from "../http/form-posts";
import type { OutboxWorker } from "../mail/outbox";
import { contactNotification } from "../mail/emails/contact-notification";
import { demoNotification } from "../mail/emails/demo-notification";
import { newsletterConfirmation } from "../mail/emails/newsletter-confirmation";
import { renderLeadAssigned } from "../mail/emails/lead-assigned";
import { addLeadEndpoint } from "./form-endpoint";
import { firstLine } from "./inbox/lead-list";
import type { Owner } from "./routing/assign";
import { newsletterLinks } from "../newsletter/links";

export interface LeadRoutesOptions {
  db: DB;
  outbox: OutboxWorker;
  config: Pick<Config, "publicUrl" | "salesEmail" | "rateLimit" | "alerts">;
  /** Renders a form's page again for a refused post without JavaScript (static/page-renderer.ts). */
  pages?: PageRenderer;
}

/**
 * POST /api/subscribe, /api/contact and /api/demo, registered from their definitions (leads/):
 * what is particular to each. What they share (validation, honeypot, failures, JSON or a page)
 * is in form-endpoint.ts.
 */
export const leadRoutes: FastifyPluginAsync<LeadRoutesOptions> = async (
  app,
  { db, outbox, config, pages },
) => {
  acceptFormPosts(app);
  const deps = { outbox, rateLimit: config.rateLimit, pages };
  /** Where the sales team's e-mail sends them: the new lead's page in the staff console. */
  const leadUrl = (type: LeadType, id: string) =>
    `${config.publicUrl}${consoleLeadPath(leadKey(type, id))}`;
  const alerts = createAlerts(config.alerts, config.publicUrl);
  /** A new lead's alerts: `lead` with the id, time and owner its storing gives it. */
  const alertsFor =
    (lead: Omit<NewLead, "id" | "receivedAt" | "owner">): LeadAlerts =>
    (receivedAt, id, owner) =>
      alerts.forLead({ ...lead, id, receivedAt, ...ownerOf(owner) });

  addLeadEndpoint(
    app,
    {
      endpoint: subscribeEndpoint,
      fromForm: ({ email, website, consentVersion }) => ({ email, website, consentVersion }),
      sentPage: formStatusPaths.checkInbox,
      // The home page's section; the help centre's dialog is the same form, and a dialog cannot
      // open as a modal without JavaScript.
      formPage: () => pagePaths.home,
      store: (lead, request) =>
        subscribe(
          db,
          lead.email,
          {
            formPage: formPageOf(request),
            source: lead.source,
            consentVersion: lead.consentVersion,
          },
          (tokens) => newsletterConfirmation(lead.email, newsletterLinks(config.publicUrl, tokens)),
        ),
    },
    deps,
  );

  addLeadEndpoint(
    app,
    {
      endpoint: contactEndpoint,
      // A checked checkbox posts "on"; an unchecked one posts nothing.
      fromForm: ({ agreeToPolicy, ...fields }) => ({
        ...fields,
        agreeToPolicy: agreeToPolicy === "on",
      }),
      sentPage: formStatusPaths.messageSent,
      formPage: () => pagePaths.contactUs,
      store: (lead, request) =>
        saveContact(db, lead, {
          notify: (receivedAt, id) =>
            contactNotification(lead, receivedAt, config.salesEmail, leadUrl("contact", id)),
          requestKey: requestKeyOf(request),
          ownerNotice: (receivedAt, id) =>
            renderLeadAssigned({
              lead: {
                type: "contact",
                name: `${lead.firstName} ${lead.lastName}`,
                email: lead.email,
                phone: lead.phone,
                message: firstLine(lead.message),
                receivedAt,
              },
              leadUrl: leadUrl("contact", id),
            }),
          alerts: alertsFor({
            type: "contact",
            name: `${lead.firstName} ${lead.lastName}`,
            fields: {
              firstName: lead.firstName,
              lastName: lead.lastName,
              email: lead.email,
              phone: lead.phone,
              message: lead.message,
            },
          }),
        }),
    },
    deps,
  );

  addLeadEndpoint(
    app,
    {
      endpoint: demoEndpoint,
      // The product comes from a hidden field; the other fields are the JSON body's formData.
      fromForm: ({ product, website, consentVersion, ...formData }) => ({
        product,
        formData,
        website,
        consentVersion,
      }),
      sentPage: formStatusPaths.demoRequested,
      // Each product's form is on its own page; a post naming no product of ours has none.
      formPage: ({ product }) =>
        product && Object.hasOwn(demoPaths, product)
          ? demoPaths[product as keyof typeof demoPaths]
          : undefined,
      store: (lead, request) => {
        const page = demoPaths[lead.product];
        return saveDemoRequest(db, lead, page, {
          notify: (receivedAt, id) =>
            demoNotification(lead, page, receivedAt, config.salesEmail, leadUrl("demo", id)),
          requestKey: requestKeyOf(request),
          ownerNotice: (receivedAt, id) =>
            renderLeadAssigned({
              lead: {
                type: "demo",
                name: lead.formData.name,
                email: lead.formData.email,
                phone: lead.formData.phone,
                company: lead.formData.company,
                product: lead.product,
                receivedAt,
              },
              leadUrl: leadUrl("demo", id),
            }),
          alerts: alertsFor({
            type: "demo",
            name: lead.formData.name,
            company: lead.formData.company,
            product: lead.product,
            fields: { product: lead.product, page, ...lead.formData },
          }),
        });
      },
    },
    deps,
  );
};

/** The owner routing gave a new lead, as its alerts name them (nothing when no rule matched). */
const ownerOf = (owner: Owner | null | undefined) =>
  owner === undefined ? {} : { owner: owner && { name: owner.name, email: owner.email } };

/** The browser's Idempotency-Key for this submission, when it is a sane one. */
function requestKeyOf(request: FastifyRequest): string | null {
  const key = request.headers["idempotency-key"];
  return typeof key === "string" && /^[A-Za-z0-9_-]{8,64}$/.test(key) ? key : null;
}

/** The page of the form a sign-up was made on, from the Referer path (marketing wants to know). */
function formPageOf(request: FastifyRequest): string {
  try {
    return new URL(String(request.headers.referer)).pathname.slice(0, 200);
  } catch {
    return "unknown";
  }
}
