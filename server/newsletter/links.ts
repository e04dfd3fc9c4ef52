import { apiPaths, newsletterLinkPaths } from "../../common/paths";
import type { NewsletterLinks } from "../mail/emails/subscriber-links";

/** The links of a subscriber's e-mails, for their two tokens. */
export function newsletterLinks(
  publicUrl: string,
  { confirmToken, unsubscribeToken }: { confirmToken: string; unsubscribeToken: string },
): NewsletterLinks {
  return {
    confirmUrl: `${publicUrl}${newsletterLinkPaths.confirm}?token=${confirmToken}`,
    ...unsubscribeLinks(publicUrl, unsubscribeToken),
  };
}

/** The unsubscribe links of every newsletter e-mail: the page's, and the one-click one. */
export function unsubscribeLinks(
  publicUrl: string,
  unsubscribeToken: string,
): Omit<NewsletterLinks, "confirmUrl"> {
  return {
    unsubscribeUrl: `${publicUrl}${newsletterLinkPaths.unsubscribe}?token=${unsubscribeToken}`,
    oneClickUnsubscribeUrl: `${publicUrl}${apiPaths.oneClickUnsubscribe}?token=${unsubscribeToken}`,
  };
}
