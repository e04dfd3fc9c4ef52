import { optionalText, requiredText } from "./fields";
import { MAX_PHONE, PHONE_MESSAGES } from "./messages";
import { readPhone } from "./phone";

const phoneOptions = {
  max: MAX_PHONE,
  tooLong: PHONE_MESSAGES.tooLong,
  rule: { test: (value: string) => readPhone(value) !== null, message: PHONE_MESSAGES.format },
};

/**
 * A form's phone field: kept as typed (the server stores its E.164 reading beside it), and
 * refused when it holds no phone number (phone.ts), so "abc" never reaches the sales team. The
 * contact form's may stay empty; the demo forms' must be given.
 */
export const phoneField = ({ required }: { required: boolean }) =>
  required ? requiredText(PHONE_MESSAGES.required, phoneOptions) : optionalText(phoneOptions);
