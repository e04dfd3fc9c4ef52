import * as z from "zod/mini";
import { apiPaths } from "../common/paths";
import { formEndpoint } from "./form-endpoint";
import { email } from "./email";
import { requiredText, formPostFields } from "./fields";
import { CONTACT_MESSAGES, MAX_MESSAGE } from "./messages";
import { phoneField } from "./phone-field";

export { CONTACT_INVALID_TOAST, CONTACT_SUCCESS_TOAST } from "./messages";

const { firstName, lastName, message, agreeToPolicy } = CONTACT_MESSAGES;

/**
 * Contact form (its words: messages.ts). Phone is optional; when given it must read as a phone
 * number, and it is stored and sent to sales.
 */
export const ContactSchema = z.object({
  firstName: requiredText(firstName.required, { tooLong: firstName.tooLong }),
  lastName: requiredText(lastName.required, { tooLong: lastName.tooLong }),
  email: email(),
  phone: phoneField({ required: false }),
  message: requiredText(message.required, {
    max: MAX_MESSAGE,
    tooLong: message.tooLong,
    multiLine: true,
  }),
  agreeToPolicy: z.literal(true, { error: agreeToPolicy }),
  ...formPostFields,
});
export type ContactInput = z.input<typeof ContactSchema>;
export type Contact = z.output<typeof ContactSchema>;

/** POST /api/contact, a contact message: 201 once stored (./form-endpoint.ts). */
export const contactEndpoint = formEndpoint(apiPaths.contact, ContactSchema, 201);
