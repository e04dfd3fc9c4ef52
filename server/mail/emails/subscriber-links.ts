/** The links and headers of every e-mail to a subscriber (the confirmation, the newsletter). */

/** The addresses a newsletter e-mail links to (built by newsletter/links.ts). */
export interface NewsletterLinks {
  /** The page whose button confirms the subscription. */
  confirmUrl: string;
  /** The page whose button unsubscribes: the link shown in the e-mail. */
  unsubscribeUrl: string;
  /** Where mail clients post RFC 8058's one-click unsubscribe (List-Unsubscribe): acts at once. */
  oneClickUnsubscribeUrl: string;
}

/** RFC 8058: mail clients offer "Unsubscribe" and post to the link themselves, in one click. */
export function unsubscribeHeaders(oneClickUnsubscribeUrl: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${oneClickUnsubscribeUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
