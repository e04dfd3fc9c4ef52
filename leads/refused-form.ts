/**
 * A form the browser posted itself (no JavaScript yet, or none at all) that failed a check. The
 * server renders the form's own page again with it (server/leads/form-endpoint.ts): each form on
 * that page finds its refusal by `action`, and shows the values typed, the error summary and
 * each field's message, as it would have with JavaScript. Plain data: it travels into the
 * page's island as JSON (app/islands/).
 */
export interface RefusedForm {
  /** The address the form posts to (`apiPaths`): which form of the page was refused. */
  action: string;
  /** What was typed, by field name (a ticked box posts "on"). */
  values: Record<string, string>;
  /** One message per field, as the browser's own check words them (field-errors.ts). */
  errors: Record<string, string>;
}

/** The values of a form's fields from a refused post: strings as typed, a ticked box as true. */
export function valuesFromRefused<Values extends Record<string, unknown>>(
  initial: Values,
  refused: RefusedForm | undefined,
): Values {
  if (!refused) return initial;
  const values: Record<string, unknown> = { ...initial };
  for (const [name, empty] of Object.entries(initial)) {
    const posted = refused.values[name];
    if (posted === undefined) continue;
    values[name] = typeof empty === "boolean" ? posted === "on" : posted;
  }
  return values as Values;
}
