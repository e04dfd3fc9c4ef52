import { z } from "zod";

/** Longest value any text field accepts; longer input is refused, never silently cut. */
export const MAX_TEXT = 200;
export const MAX_EMAIL = 254;
export const MAX_MESSAGE = 5000;

/** "text@text.text" with no spaces: the rule the spec gives for every e-mail field. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A required text field: trimmed, then non-empty. */
export const requiredText = (message: string, max = MAX_TEXT) =>
  z.string(message).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/** An optional text field: trimmed, may be empty or absent. */
export const optionalText = (max = MAX_TEXT) =>
  z.string().trim().max(max, `Must be at most ${max} characters`).default("");

export const email = () =>
  z
    .string("Email is required")
    .trim()
    .min(1, "Email is required")
    .max(MAX_EMAIL, "Email is invalid")
    .regex(EMAIL_PATTERN, "Email is invalid");

/** Spam trap: a hidden field people never see, so any value in it comes from a bot (D11). */
export const honeypot = z.string().max(MAX_TEXT).optional();

/** Turns a failed parse into one message per field, the first for each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.filter((p) => typeof p === "string" || typeof p === "number").join(".");
    const field = key.replace(/^formData\./, "") || "form";
    fields[field] ??= issue.message;
  }
  return fields;
}
