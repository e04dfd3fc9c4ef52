import * as z from "zod/mini";
import { email } from "./email";
import { honeypot } from "./fields";

/** Newsletter sign-up: one e-mail address. */
export const NewsletterSchema = z.object({
  email: email(),
  website: honeypot,
});
export type NewsletterInput = z.input<typeof NewsletterSchema>;
export type Newsletter = z.output<typeof NewsletterSchema>;
