/**
 * Reading the DNS for the sending-domain check: a resolver with short timeouts (the page must
 * answer within seconds, whatever the DNS does), pointed at DNS_SERVER when it is set, and the
 * records read as text, an unanswered or failed lookup told apart from a name without records.
 */
import { Resolver } from "node:dns/promises";

/**
 * How long the first query may wait, and how many times it is sent (c-ares doubles the wait for
 * the second): at most 4.5 s for a DNS that never answers, the checks running side by side.
 */
const TIMEOUT_MS = 1_500;
const TRIES = 2;

/** What a lookup found: its records as text, or why the DNS gave no answer. */
export type Lookup = { records: string[] } | { failed: string };

/** The codes that mean "the name has no such records": an answer, not a failure. */
const NO_RECORDS = new Set(["ENODATA", "ENOTFOUND"]);

export function dnsResolver(server: string | undefined): Resolver {
  const resolver = new Resolver({ timeout: TIMEOUT_MS, tries: TRIES });
  if (server) resolver.setServers([server]);
  return resolver;
}

async function lookup(read: () => Promise<string[]>): Promise<Lookup> {
  try {
    return { records: await read() };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    if (NO_RECORDS.has(code)) return { records: [] };
    return {
      failed:
        code === "ETIMEOUT" || code === "ECONNREFUSED"
          ? "The DNS server did not answer in time, so this could not be checked. Try again in a minute; if it persists, tell the engineer who runs the server."
          : `The DNS lookup failed (${code || "unknown error"}), so this could not be checked. Try again in a minute.`,
    };
  }
}

/** The TXT records at `name`, each with its strings joined (a long record comes in pieces). */
export const txtRecords = (resolver: Resolver, name: string) =>
  lookup(async () => (await resolver.resolveTxt(name)).map((chunks) => chunks.join("")));

/** The MX records of `name`, as "10 mx.example.com". */
export const mxRecords = (resolver: Resolver, name: string) =>
  lookup(async () =>
    (await resolver.resolveMx(name))
      .toSorted((a, b) => a.priority - b.priority)
      .map((mx) => `${mx.priority} ${mx.exchange}`),
  );

/** A record's `tag=value` pairs (DKIM, DMARC), tags in lower case, values trimmed. */
export function tagsOf(record: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of record.split(";")) {
    const at = part.indexOf("=");
    if (at > 0) tags.set(part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim());
  }
  return tags;
}
