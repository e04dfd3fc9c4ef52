/** How long the browser waits for the API before telling the visitor to try again. */
export const REQUEST_TIMEOUT_MS = 15_000;

export type ApiResult =
  | { ok: true }
  | { ok: false; kind: "invalid"; fields: Record<string, string> }
  | { ok: false; kind: "rate-limited"; retryAfterSeconds?: number }
  | { ok: false; kind: "server" }
  | { ok: false; kind: "network" };

/**
 * Posts a lead to our API. Success means the server answered 2xx, i.e. it stored the lead;
 * every other outcome is reported so the form can say what to do and keep what was typed.
 */
export async function postLead(
  path: string,
  body: unknown,
  idempotencyKey?: string,
): Promise<ApiResult> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        // The same key on a retry lets the server recognise a lead it already stored.
        ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    return { ok: false, kind: "network" };
  }
  if (response.ok) return { ok: true };
  if (response.status === 429) {
    const retry = Number(response.headers.get("retry-after"));
    return {
      ok: false,
      kind: "rate-limited",
      retryAfterSeconds: Number.isFinite(retry) && retry > 0 ? retry : undefined,
    };
  }
  if (response.status === 400) {
    const data = (await response.json().catch(() => null)) as {
      fields?: Record<string, string>;
    } | null;
    return { ok: false, kind: "invalid", fields: data?.fields ?? {} };
  }
  return { ok: false, kind: "server" };
}

/** A send that did not store the lead, and why. */
export type ApiFailure = Exclude<ApiResult, { ok: true }>;

/** One sentence for the visitor about a failed send: what happened and what to do. */
export function failureMessage(result: ApiFailure): string {
  switch (result.kind) {
    case "invalid":
      return "Some details were not accepted. Please check the highlighted fields and try again.";
    case "rate-limited":
      return result.retryAfterSeconds
        ? `Too many attempts. Please wait ${result.retryAfterSeconds} seconds and try again.`
        : "Too many attempts. Please wait a minute and try again.";
    case "server":
      return "We could not save your details just now. Please try again in a few minutes.";
    case "network":
      return "We could not reach our server. Check your connection and try again.";
  }
}

/** A random key for one submission (crypto.randomUUID needs a secure context; fall back). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== "undefined" && "randomUUID" in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
