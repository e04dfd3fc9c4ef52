import { site } from "@shared/site";
import type { PageSeo } from "./types";

/**
 * The pages the links in newsletter e-mails open. Mail security scanners open every link in a
 * message, so opening one changes nothing: the person presses the button to confirm or to
 * unsubscribe (server/routes/newsletter.ts).
 */
export const newsletterLinkPages: Record<
  string,
  { seo: PageSeo; headline: string; text: string; button: string }
> = {
  "/newsletter/confirm": {
    seo: {
      title: "Confirm your subscription",
      description: `Confirm your subscription to the ${site.name} newsletter.`,
    },
    headline: "Confirm your subscription",
    text: `One click on the button below confirms your subscription to the ${site.name} newsletter.`,
    button: "Confirm my subscription",
  },
  "/newsletter/unsubscribe": {
    seo: {
      title: "Unsubscribe",
      description: `Unsubscribe from the ${site.name} newsletter.`,
    },
    headline: "Unsubscribe from the newsletter?",
    text: `Press the button below and we will stop sending you the ${site.name} newsletter.`,
    button: "Unsubscribe",
  },
};

/** The small pages that the links in newsletter e-mails land on (D10). */
export const statusPages: Record<
  string,
  { seo: PageSeo; headline: string; text: string; tone: "success" | "neutral" }
> = {
  "/newsletter/confirmed": {
    seo: {
      title: "Subscription confirmed",
      description: `Your subscription to the ${site.name} newsletter is confirmed.`,
    },
    headline: "You are subscribed",
    text: `Thank you for confirming. The ${site.name} newsletter will reach your inbox about once a month. Every issue has an unsubscribe link at the bottom.`,
    tone: "success",
  },
  "/newsletter/unsubscribed": {
    seo: {
      title: "Unsubscribed",
      description: `You have been unsubscribed from the ${site.name} newsletter.`,
    },
    headline: "You are unsubscribed",
    text: "We will not send you the newsletter again. If this was a mistake, you can subscribe again at any time from our home page.",
    tone: "neutral",
  },
  "/newsletter/link-not-valid": {
    seo: {
      title: "Link not valid",
      description: "This newsletter link is not valid any more.",
    },
    headline: "This link is not valid",
    text: "The link may be incomplete, or the subscription it belongs to was cancelled. Copy the whole link from the e-mail, or subscribe again from our home page.",
    tone: "neutral",
  },
  "/newsletter/try-again-later": {
    seo: {
      title: "Please try again later",
      description: "We could not process your newsletter request just now.",
    },
    headline: "Please try again in a few minutes",
    text: `We could not process your request just now. Open the link from the e-mail again in a few minutes. If it keeps failing, write to ${site.emails.support}.`,
    tone: "neutral",
  },
  "/form/message-sent": {
    seo: { title: "Message sent", description: `Your message to ${site.name} was received.` },
    headline: "Message sent successfully",
    text: `Thank you for writing to us. Our team will reply to the e-mail address you gave, usually within one working day.`,
    tone: "success",
  },
  "/form/demo-requested": {
    seo: {
      title: "Demo requested",
      description: `Your demo request to ${site.name} was received.`,
    },
    headline: "Thank you for your request",
    text: "We will reach out to you to schedule a demo.",
    tone: "success",
  },
  "/form/check-your-inbox": {
    seo: { title: "Check your inbox", description: "Confirm your newsletter subscription." },
    headline: "Check your inbox",
    text: `We have sent you an e-mail with a link. Open it to confirm your subscription to the ${site.name} newsletter.`,
    tone: "neutral",
  },
  "/form/not-sent": {
    seo: {
      title: "Form not sent",
      description: "Some fields of the form were missing or invalid.",
    },
    headline: "Your form was not sent",
    text: "Some fields are missing or invalid. Go back to the form, check each field and send it again.",
    tone: "neutral",
  },
  "/form/try-again-later": {
    seo: {
      title: "Please try again later",
      description: "We could not save your details just now.",
    },
    headline: "Please try again in a few minutes",
    text: `We could not save your details just now. Go back and send the form again in a few minutes. If it keeps failing, write to ${site.emails.support}.`,
    tone: "neutral",
  },
};
