import * as z from "zod/mini";
import { apiPaths } from "../common/paths";
import { formEndpoint } from "./form-endpoint";
import { email } from "./email";
import {
  MAX_MESSAGE,
  honeypot,
  optionalText,
  requiredText,
  sourceField,
  consentVersionField,
} from "./fields";

export const CONTACT_INVALID_TOAST = "Please fill in all the fields and agree to the policy";
export const CONTACT_SUCCESS_TOAST = "Message sent successfully";

/** Contact form. Phone is optional; when given it is stored and sent to sales. */
export const ContactSchema = z.object({
  firstName: requiredText("First name is required"),
  lastName: requiredText("Last name is required"),
  email: email(),
  phone: optionalText({ max: 40 }),
  message: requiredText("Message is required", { max: MAX_MESSAGE, multiLine: true }),
  agreeToPolicy: z.literal(true, {
    error: "To send a message you must first agree to our privacy policy",
  }),
  website: honeypot,
  /** Where the visit came from (source.ts); never a reason to refuse the form. */
  source: sourceField,
  /** The version of the consent wording the form showed (consent.ts). */
  consentVersion: consentVersionField,
});
export type ContactInput = z.input<typeof ContactSchema>;
export type Contact = z.output<typeof ContactSchema>;

/** POST /api/contact, a contact message: 201 once stored (./form-endpoint.ts). */
export const contactEndpoint = formEndpoint(apiPaths.contact, ContactSchema, 201);
