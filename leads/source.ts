/**
 * Where a visit came from, as the browser kept it for the visit (app/lib/visit-source.ts) and
 * every lead form sends it: the page the visit started on, the page that linked to it (without
 * its query), and the campaign tags of the first address. Stored with the lead and shown to
 * staff. Attribution must never cost a lead: a value that is not what it should be (not a
 * path, not a web address, too long, control characters) is dropped, and the lead is stored
 * without it. See docs/decisions/0018-lead-attribution.md.
 */
export interface LeadSource {
  landingPage?: string;
  referrer?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  utmTerm?: string;
  utmContent?: string;
}

export const UTM_FIELDS = {
  utmSource: "utm_source",
  utmMedium: "utm_medium",
  utmCampaign: "utm_campaign",
  utmTerm: "utm_term",
  utmContent: "utm_content",
} as const satisfies Record<Exclude<keyof LeadSource, "landingPage" | "referrer">, string>;

/** Longest landing page or referrer kept; longer ones are dropped. */
export const MAX_SOURCE_URL = 300;
/** Longest campaign tag kept. */
export const MAX_UTM = 100;

/** Printable text only: no control, format or bidirectional characters. */
const PRINTABLE = /^[^\p{Cc}\p{Cf}\p{Cs}\u2028\u2029]*$/u;

function text(value: unknown, max: number): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed && trimmed.length <= max && PRINTABLE.test(trimmed) ? trimmed : undefined;
}

/** A path of this site: "/…", never "//host" (which a browser reads as another site). */
function path(value: unknown): string | undefined {
  const kept = text(value, MAX_SOURCE_URL);
  return kept && /^\/(?!\/)/.test(kept) && !/[\s\\]/.test(kept) ? kept : undefined;
}

/** An http(s) address without credentials, query or fragment. */
function webAddress(value: unknown): string | undefined {
  const kept = text(value, MAX_SOURCE_URL);
  if (!kept) return undefined;
  try {
    const url = new URL(kept);
    if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
    if (url.username || url.password || url.search || url.hash) return undefined;
    return url.href.length <= MAX_SOURCE_URL ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The attribution worth keeping from whatever a client sent; undefined when nothing is. */
export function cleanSource(value: unknown): LeadSource | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const raw = value as Record<string, unknown>;
  const source: LeadSource = {
    landingPage: path(raw.landingPage),
    referrer: webAddress(raw.referrer),
  };
  for (const field of Object.keys(UTM_FIELDS) as (keyof typeof UTM_FIELDS)[]) {
    source[field] = text(raw[field], MAX_UTM);
  }
  const kept = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined));
  return Object.keys(kept).length ? (kept as LeadSource) : undefined;
}
