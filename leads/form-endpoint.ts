/**
 * The public forms' endpoints, of the same kind as the staff API's (common/contract.ts): each
 * form's schema module defines its own with `formEndpoint()`, the site's form posts to its
 * address, and the server registers its route from it (server/leads/form-endpoint.ts).
 */
import * as z from "zod/mini";
import { type ContractEndpoint, contractEndpoint } from "../common/contract";

/** What a stored lead is told. */
export const Sent = z.object({ message: z.string() });
/** A refused form: `fields` names each refused field with its message; without it, not JSON. */
export const Invalid = z.object({
  error: z.string(),
  fields: z.optional(z.record(z.string(), z.string())),
});
/** A reused Idempotency-Key (422), or a database that is away (503, with Retry-After). */
export const Failed = z.object({ error: z.string() });

/**
 * POST `path` with the form's `body` schema: answered `sent` (201 Created, or 202 Accepted when
 * an e-mail must confirm the lead), 400, 422 or 503.
 */
export function formEndpoint<
  const Path extends string,
  Body extends z.ZodMiniType,
  const Status extends 201 | 202,
>(path: Path, body: Body, sent: Status) {
  return contractEndpoint({
    method: "POST",
    path,
    body,
    answers: { [sent]: Sent, 400: Invalid, 422: Failed, 503: Failed } as {
      [S in Status]: typeof Sent;
    } & { 400: typeof Invalid; 422: typeof Failed; 503: typeof Failed },
  });
}

/** One form's endpoint, as the server registers it. */
export interface FormEndpoint<Body extends z.ZodMiniType = z.ZodMiniType> extends ContractEndpoint {
  method: "POST";
  body: Body;
}

/** The status a form's endpoint answers a stored lead with. */
export function sentStatusOf(endpoint: FormEndpoint): 201 | 202 {
  return endpoint.answers[201] ? 201 : 202;
}
