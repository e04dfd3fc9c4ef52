import {
  type NewsletterLinkPath,
  type StatusPath,
  formStatusPaths,
  newsletterLinkPaths,
  newsletterStatusPaths,
} from "@common/paths";
import { site } from "@common/site";
import { formOutcomes, serviceHours } from "./form-outcomes";
import type { PageSeo } from "./types";

/** A newsletter link's page: what pressing its one button does. */
export interface NewsletterLinkPage {
  seo: PageSeo;
  headline: string;
  text: string;
  button: string;
}

/** A page that says what happened after a newsletter link's button or a form without script. */
export interface StatusPage {
  seo: PageSeo;
  headline: string;
  text: string;
  tone: "success" | "neutral";
}

/**
 * The pages the links in newsletter e-mails open. Mail security scanners open every link in a
 * message, so opening one changes nothing: the person presses the button to confirm or to
 * unsubscribe (server/newsletter/subscribers/link-routes.ts).
 */
export const newsletterLinkPages: Record<NewsletterLinkPath, NewsletterLinkPage> = {
  [newsletterLinkPaths.confirm]: {
    seo: {
      title: "Confirm your subscription",
      description: `Confirm your subscription to the ${site.name} newsletter.`,
    },
    headline: "Confirm your subscription",
    text: `One click on the button below confirms your subscription to the ${site.name} newsletter.`,
    button: "Confirm my subscription",
  },
  [newsletterLinkPaths.unsubscribe]: {
    seo: {
      title: "Unsubscribe",
      description: `Unsubscribe from the ${site.name} newsletter.`,
    },
    headline: "Unsubscribe from the newsletter?",
    text: `Press the button below and we will stop sending you the ${site.name} newsletter.`,
    button: "Unsubscribe",
  },
};

/**
 * The small pages the server sends a visitor to: after a newsletter link's button was pressed,
 * or after a lead form posted itself before the page's JavaScript ran.
 */
export const statusPages: Record<StatusPath, StatusPage> = {
  [newsletterStatusPaths.confirmed]: {
    seo: {
      title: "Subscription confirmed",
      description: `Your subscription to the ${site.name} newsletter is confirmed.`,
    },
    headline: "You are subscribed",
    text: `Thank you for confirming. The ${site.name} newsletter will reach your inbox about once a month. Every issue has an unsubscribe link at the bottom.`,
    tone: "success",
  },
  [newsletterStatusPaths.unsubscribed]: {
    seo: {
      title: "Unsubscribed",
      description: `You have been unsubscribed from the ${site.name} newsletter.`,
    },
    headline: "You are unsubscribed",
    text: "We will not send you the newsletter again. If this was a mistake, you can subscribe again at any time from our home page.",
    tone: "neutral",
  },
  [newsletterStatusPaths.invalid]: {
    seo: {
      title: "Link not valid",
      description: "This newsletter link is not valid any more.",
    },
    headline: "This link is not valid",
    text: "The link may be incomplete, or the subscription it belongs to was cancelled. Copy the whole link from the e-mail, or subscribe again from our home page.",
    tone: "neutral",
  },
  [newsletterStatusPaths.unavailable]: {
    seo: {
      title: "Please try again later",
      description: "We could not process your newsletter request just now.",
    },
    headline: "Please try again in a few minutes",
    text: `We could not process your request just now. Open the link from the e-mail again in a few minutes. If it keeps failing, write to ${site.emails.support}.`,
    tone: "neutral",
  },
  [formStatusPaths.messageSent]: {
    seo: { title: "Message sent", description: `Your message to ${site.name} was received.` },
    headline: formOutcomes.contact.headline,
    text: `${formOutcomes.contact.text} ${serviceHours}`,
    tone: "success",
  },
  [formStatusPaths.demoRequested]: {
    seo: {
      title: "Demo requested",
      description: `Your demo request to ${site.name} was received.`,
    },
    headline: formOutcomes.demo.headline,
    text: `${formOutcomes.demo.text} ${serviceHours}`,
    tone: "success",
  },
  [formStatusPaths.checkInbox]: {
    seo: { title: "Check your inbox", description: "Confirm your newsletter subscription." },
    headline: formOutcomes.newsletter.headline,
    text: formOutcomes.newsletter.text,
    tone: "neutral",
  },
  [formStatusPaths.notSent]: {
    seo: {
      title: "Form not sent",
      description: "Some fields of the form were missing or invalid.",
    },
    headline: "Your form was not sent",
    text: "Some fields are missing or invalid. Go back to the form, check each field and send it again.",
    tone: "neutral",
  },
  [formStatusPaths.tryAgainLater]: {
    seo: {
      title: "Please try again later",
      description: "We could not save your details just now.",
    },
    headline: "Please try again in a few minutes",
    text: `We could not save your details just now. Go back and send the form again in a few minutes. If it keeps failing, write to ${site.emails.support}.`,
    tone: "neutral",
  },
};
