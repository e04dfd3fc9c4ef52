/**
 * Every word a lead form says to the visitor about what they typed: each field's messages, the
 * toasts, and the limits the messages quote. The schemas (contact.ts, demo.ts, newsletter.ts,
 * email.ts, phone-field.ts) refuse with these words, in the browser and on the server alike, and
 * docs/form-messages.md lists them all (a unit test holds the two together).
 *
 * Free of zod, so a form can show its limits and toasts before it loads its rules.
 *
 * How the messages are written: they say what to do, in the visitor's words ("Enter your first
 * name"), name the field, and quote a limit in full ("5,000 characters or fewer").
 */

/** Longest value a one-line text field accepts; longer input is refused, never silently cut. */
export const MAX_TEXT = 200;
/** Longest contact message. */
export const MAX_MESSAGE = 5000;
/** Longest phone number as typed (spaces, brackets and a note such as "(WhatsApp)" included). */
export const MAX_PHONE = 40;
/** Longest e-mail address: what fits a mail server's envelope (RFC 5321). */
export const MAX_EMAIL = 254;

/** "5,000": a limit as the visitor reads it. */
export function characters(count: number): string {
  return `${count.toLocaleString("en-GB")} characters`;
}

/** A field's length message: "First name must be 200 characters or fewer". */
export const tooLong = (field: string, max: number) =>
  `${field} must be ${characters(max)} or fewer`;

/** What every text field says of a control or invisible character, whatever the field. */
export const UNSAFE_CHARACTERS_MESSAGE =
  "Contains hidden or control characters. Please type it again.";

export interface EmailMessages {
  required: string;
  format: string;
  tooLong: string;
}

export const EMAIL_MESSAGES: EmailMessages = {
  required: "Enter your e-mail address",
  format: "Enter an e-mail address in the right format, like name@example.com",
  tooLong: tooLong("E-mail address", MAX_EMAIL),
};

export const PHONE_MESSAGES = {
  required: "Enter your phone number",
  format: "Enter a phone number, like 024 123 4567 or +233 24 123 4567",
  tooLong: tooLong("Phone number", MAX_PHONE),
} as const;

/** Shown under every phone field, so the format message is rarely needed. */
export const PHONE_HINT = "For example 024 123 4567 or +233 24 123 4567.";

export const CONTACT_MESSAGES = {
  firstName: { required: "Enter your first name", tooLong: tooLong("First name", MAX_TEXT) },
  lastName: { required: "Enter your last name", tooLong: tooLong("Last name", MAX_TEXT) },
  message: { required: "Enter your message", tooLong: tooLong("Your message", MAX_MESSAGE) },
  agreeToPolicy: "Tick the box to agree to our privacy policy",
} as const;

export const DEMO_MESSAGES = {
  name: { required: "Enter your name", tooLong: tooLong("Name", MAX_TEXT) },
  company: { tooLong: tooLong("Company", MAX_TEXT) },
  jobTitle: { tooLong: tooLong("Job title", MAX_TEXT) },
  industry: { tooLong: tooLong("Industry", MAX_TEXT) },
  /** Only a request not sent by the form can name another product. */
  product: "Unknown product",
} as const;

// The toasts keep the company's own words; "required" says that optional fields may stay empty.
export const CONTACT_INVALID_TOAST =
  "Please fill in all the required fields and agree to the policy";
export const CONTACT_SUCCESS_TOAST = "Message sent successfully";
// Every demo form, the value-added-services one included, uses this text.
export const DEMO_INVALID_TOAST = "Please fill in all the required fields";
export const DEMO_SUCCESS_TOAST = "We will reach out to you to schedule a demo";

/** Suggestions of the demo forms' Industry type-ahead; free text is allowed too, and sent as typed. */
export const INDUSTRIES = ["Technology", "Hospitality", "Education", "Finance", "Other"] as const;
