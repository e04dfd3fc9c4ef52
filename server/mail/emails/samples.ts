/**
 * Every kind of e-mail the system sends (staff-api/mail.ts MAIL_TEMPLATES), rendered by the same
 * components and helpers as the real ones, with invented people and words, for the admins'
 * preview. The samples hold nobody's personal data: reading them is not a read of personal data
 * and is not audited. Only the welcome e-mail's words are real: the ones marketing last saved,
 * since how those look is what an admin wants to see.
 */
import { consoleCampaignPath, consoleLeadPath, servicePaths } from "../../../common/paths";
import { site } from "../../../common/site";
import type { MailTemplateKind } from "../../../staff-api/mail";
import { ROLE_DUTIES, ROLE_LABELS } from "../../../staff-api/roles";
import type { DB } from "../../db/database";
import { brakeReason, brakeSentence } from "../../newsletter/returns/brake";
import { renderBrakeAlert } from "./brake-alert";
import { renderContactNotification } from "./contact-notification";
import { renderDemoNotification } from "./demo-notification";
import { renderLeadEscalated } from "./lead-escalated";
import { renderLeadAssigned } from "./lead-assigned";
import { renderLeadReply } from "./lead-reply";
import { renderNewsletterConfirmation } from "./newsletter-confirmation";
import { renderNewsletterMail } from "./newsletter-mail";
import type { RenderedEmail } from "./parts";
import { renderStaffInvitation } from "./staff-invitation";
import { renderStaffSignIn } from "./staff-sign-in";
import { renderNewsletter } from "../../newsletter/markdown/content";
import { newsletterLinks, unsubscribeLinks } from "../../newsletter/links";
import { readWelcome } from "../../newsletter/welcome";
import { testCopyMail } from "../../newsletter/campaigns/test-copies";
import { INVITATION_DAYS } from "../../../staff-api/admin";
import { SIGN_IN_LINK_MINUTES, signInUrl } from "../../staff/sign-in/sign-in";

/** An invented token: its links open the real pages, which find no such subscriber or link. */
const SAMPLE_TOKEN = "sample-token-not-valid";
const SAMPLE_ID = "00000000-0000-4000-8000-000000000000";
const RECEIVED_AT = "2026-11-20T09:30:00.000Z";
const SUBSCRIBER = "abena.owusu@example.com";

/** A campaign using all the Markdown a newsletter may hold, so that both parts can be judged. */
export const SAMPLE_CAMPAIGN = {
  subject: "What is new at the end of the year",
  markdown: [
    "## Mobile money at the counter",
    `Shops in **Kumasi** and *Tamale* now take mobile money with one USSD code. [Read how](${site.url}${servicePaths.ussd}).`,
    "- [x] Card payments on the web checkout\n- [ ] Payouts on public holidays",
    "| Plan | Fee |\n| --- | --: |\n| Starter | 1.5% |\n| Business | 1% |",
    "> It took us one afternoon to start. (A merchant in Accra)",
  ].join("\n\n"),
};

interface SampleOptions {
  db: DB;
  /** The site's address, as every real e-mail's links have it. */
  publicUrl: string;
}

type Sample = (options: SampleOptions) => Promise<RenderedEmail>;

const SAMPLES: Record<MailTemplateKind, Sample> = {
  contact: ({ publicUrl }) =>
    renderContactNotification({
      contact: {
        firstName: "Ama",
        lastName: "Mensah",
        email: "ama.mensah@example.com",
        phone: "+233 24 000 0000",
        message:
          "We run three shops in Kumasi and would like to accept mobile money. What does it cost?",
        agreeToPolicy: true,
        source: {
          landingPage: "/services/ussd",
          utmSource: "newsletter",
          utmCampaign: "harmattan",
        },
      },
      receivedAt: RECEIVED_AT,
      leadUrl: `${publicUrl}${consoleLeadPath(`contact_${SAMPLE_ID}`)}`,
    }),
  demo: ({ publicUrl }) =>
    renderDemoNotification({
      demo: {
        product: "school-billing",
        formData: {
          name: "Kofi Boateng",
          email: "kofi.boateng@example.com",
          phone: "+233 20 000 0000",
          company: "Hilltop Academy",
          jobTitle: "Bursar",
          industry: "Education",
        },
      },
      page: "/schedule-school-billing-demo",
      receivedAt: RECEIVED_AT,
      leadUrl: `${publicUrl}${consoleLeadPath(`demo_${SAMPLE_ID}`)}`,
    }),
  "newsletter-confirmation": ({ publicUrl }) =>
    renderNewsletterConfirmation({
      email: SUBSCRIBER,
      links: newsletterLinks(publicUrl, {
        confirmToken: SAMPLE_TOKEN,
        unsubscribeToken: SAMPLE_TOKEN,
      }),
    }),
  "newsletter-welcome": async ({ db, publicUrl }) =>
    renderNewsletterMail({
      email: SUBSCRIBER,
      content: await renderNewsletter(await readWelcome(db), { db, publicUrl }),
      unsubscribeUrl: unsubscribeLinks(publicUrl, SAMPLE_TOKEN).unsubscribeUrl,
    }),
  campaign: async ({ db, publicUrl }) =>
    renderNewsletterMail({
      email: SUBSCRIBER,
      content: await renderNewsletter(SAMPLE_CAMPAIGN, { db, publicUrl }),
      unsubscribeUrl: unsubscribeLinks(publicUrl, SAMPLE_TOKEN).unsubscribeUrl,
    }),
  "campaign-test": async ({ db, publicUrl }) => {
    const { subject, html, text } = await testCopyMail(
      "yaw.asante@example.com",
      await renderNewsletter(SAMPLE_CAMPAIGN, { db, publicUrl }),
      publicUrl,
    );
    return { subject, html, text };
  },
  "staff-sign-in": ({ publicUrl }) =>
    renderStaffSignIn({
      email: "efua.addo@example.com",
      name: "Efua Addo",
      signInUrl: signInUrl(publicUrl, SAMPLE_TOKEN),
      validMinutes: SIGN_IN_LINK_MINUTES,
    }),
  "staff-invitation": ({ publicUrl }) =>
    renderStaffInvitation({
      email: "yaw.asante@example.com",
      name: "Yaw Asante",
      signInUrl: signInUrl(publicUrl, SAMPLE_TOKEN),
      invitation: {
        inviter: "Efua Addo",
        roleLabel: ROLE_LABELS.marketing,
        roleDuties: ROLE_DUTIES.marketing,
        validDays: INVITATION_DAYS,
      },
    }),
  "brake-alert": ({ publicUrl }) =>
    renderBrakeAlert({
      member: { email: "efua.addo@example.com", name: "Efua Addo" },
      campaign: {
        subject: SAMPLE_CAMPAIGN.subject,
        sentence: brakeSentence(
          new Date(RECEIVED_AT),
          brakeReason({ sent: 1200, hardBounces: 60, complaints: 0 }) ?? { words: "" },
        ),
        url: `${publicUrl}${consoleCampaignPath(SAMPLE_ID)}`,
      },
    }),
  "lead-escalated": ({ publicUrl }) =>
    renderLeadEscalated({
      recipient: { email: "efua.addo@example.com", name: "Efua Addo" },
      lead: {
        type: "demo",
        who: "Kofi Boateng, Hilltop Academy",
        receivedAt: RECEIVED_AT,
        dueAt: "2026-11-20T13:30:00.000Z",
        owner: null,
        url: `${publicUrl}${consoleLeadPath(`demo_${SAMPLE_ID}`)}`,
      },
    }),
  "lead-assigned": ({ publicUrl }) =>
    renderLeadAssigned({
      lead: {
        type: "demo",
        name: "Kofi Boateng",
        email: "kofi.boateng@example.com",
        phone: "+233 20 000 0000",
        company: "Hilltop Academy",
        product: "school-billing",
        receivedAt: RECEIVED_AT,
      },
      leadUrl: `${publicUrl}${consoleLeadPath(`demo_${SAMPLE_ID}`)}`,
    }),
  "lead-reply": () =>
    renderLeadReply({
      sender: "Efua Addo",
      leadType: "contact",
      text: "Dear Ama,\n\nThank you for your message. Mobile money at the counter costs 1% a payment, with no monthly fee.\nI can visit your Kumasi shops next week to set it up.\n\nKind regards,",
    }),
};

/** One kind of e-mail rendered with its sample. Nothing is sent, nothing queued. */
export function renderSample(kind: MailTemplateKind, options: SampleOptions) {
  return SAMPLES[kind](options);
}
