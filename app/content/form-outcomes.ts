import { site } from "@common/site";

/**
 * What a visitor is told once a form has been stored: who answers, how, and how soon. The form's
 * panel (app/components/forms/) and the page a form without JavaScript lands on
 * (status-pages.ts) say the same words.
 */
export interface FormOutcome {
  headline: string;
  /** What happens next, as the page without JavaScript says it too. */
  text: string;
}

/** When the team works, as a sentence: "We work Monday to Friday, … (Accra time)." */
export const serviceHours = `Our sales team works ${site.hours.long} (${site.hours.city} time).`;

export const formOutcomes = {
  contact: {
    headline: "Message sent successfully",
    text: `Thank you for writing to us. Our sales team will reply to the e-mail address you gave, usually within ${site.salesReplyWithin}.`,
  },
  demo: {
    headline: "Thank you for your request",
    text: `We will reach out to you to schedule a demo. Our sales team will write to the e-mail address you gave or call the phone number you gave, usually within ${site.salesReplyWithin}.`,
  },
  newsletter: {
    headline: "Check your inbox",
    text: `We have sent you an e-mail with a link. Open it to confirm your subscription to the ${site.name} newsletter.`,
  },
} as const satisfies Record<string, FormOutcome>;
