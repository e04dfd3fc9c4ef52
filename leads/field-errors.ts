// Types only: the forms import this before they load the validation library.
import type * as z from "zod/mini";

/**
 * Turns a failed parse into one message per field, the first for each field, keyed by the form
 * field's name (a demo request's `formData.name` is `name`). The API sends the same map in its
 * 400 answer, so the browser shows the server's messages where it shows its own.
 */
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
