// zod/mini: the same validation engine with a tree-shakable API, so the browser bundle carries
// only the checks these forms use (a few kilobytes instead of the whole library).
import * as z from "zod/mini";

/** Longest value a text field accepts; longer input is refused, never silently cut. */
export const MAX_TEXT = 200;
export const MAX_EMAIL = 254;
export const MAX_MESSAGE = 5000;

/** "text@text.text" with no spaces: the rule the spec gives for every e-mail field. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const tooLong = (max: number) => `Must be at most ${max} characters`;

/** A required text field: trimmed, then non-empty. */
export const requiredText = (message: string, max = MAX_TEXT) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, message), z.maxLength(max, tooLong(max)));

/** An optional text field: trimmed, may be empty or absent. */
export const optionalText = (max = MAX_TEXT) =>
  z._default(z.string().check(z.trim(), z.maxLength(max, tooLong(max))), "");

export const email = () =>
  z
    .string({ error: "Email is required" })
    .check(
      z.trim(),
      z.minLength(1, "Email is required"),
      z.maxLength(MAX_EMAIL, "Email is invalid"),
      z.regex(EMAIL_PATTERN, "Email is invalid"),
    );

/** Spam trap: a hidden field people never see, so any value in it comes from a bot (D11). */
export const honeypot = z.optional(z.string().check(z.maxLength(MAX_TEXT)));

/** Turns a failed parse into one message per field, the first for each field. */
export function fieldErrors(error: {
  issues: readonly z.core.$ZodIssue[];
}): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.filter((p) => typeof p === "string" || typeof p === "number").join(".");
    const field = key.replace(/^formData\./, "") || "form";
    fields[field] ??= issue.message;
  }
  return fields;
}
