import * as z from "zod/mini";
import { email } from "./email";
import { honeypot, sourceField } from "./fields";

/** Newsletter sign-up: one e-mail address. */
export const NewsletterSchema = z.object({
  email: email(),
  website: honeypot,
  /** Where the visit came from (source.ts); never a reason to refuse the form. */
  source: sourceField,
});
export type NewsletterInput = z.input<typeof NewsletterSchema>;
export type Newsletter = z.output<typeof NewsletterSchema>;
