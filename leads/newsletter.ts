import * as z from "zod/mini";
import { email } from "./email";
import { honeypot, sourceField, consentVersionField } from "./fields";

/** Newsletter sign-up: one e-mail address. */
export const NewsletterSchema = z.object({
  email: email(),
  website: honeypot,
  /** Where the visit came from (source.ts); never a reason to refuse the form. */
  source: sourceField,
  /** The version of the consent wording the form showed (consent.ts). */
  consentVersion: consentVersionField,
});
export type NewsletterInput = z.input<typeof NewsletterSchema>;
export type Newsletter = z.output<typeof NewsletterSchema>;
