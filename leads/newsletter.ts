import * as z from "zod/mini";
import { apiPaths } from "../common/paths";
import { formEndpoint } from "./form-endpoint";
import { email } from "./email";
import { formPostFields } from "./fields";

/** Newsletter sign-up: one e-mail address. */
export const NewsletterSchema = z.object({
  email: email(),
  ...formPostFields,
});
export type NewsletterInput = z.input<typeof NewsletterSchema>;
export type Newsletter = z.output<typeof NewsletterSchema>;

/** POST /api/subscribe, a newsletter sign-up: 202, as the e-mailed link must confirm it (./form-endpoint.ts). */
export const subscribeEndpoint = formEndpoint(apiPaths.subscribe, NewsletterSchema, 202);
