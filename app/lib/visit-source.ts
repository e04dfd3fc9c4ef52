/**
 * Where this visit came from, kept for the visit only: the first page's address, the page that
 * linked to it (without its query, which can hold a search or a personal token) and the campaign
 * tags (utm_*) of the first address. sessionStorage: no cookie, nothing kept across visits, and
 * nothing leaves the browser until the visitor sends a form, which carries it as `source`
 * (leads/source.ts says what the server keeps). The inline script of every page records it
 * (app/widgets/index.ts), so a visit that lands on a page without a form still counts.
 */
import { type LeadSource, UTM_FIELDS } from "@leads/source";

export const VISIT_SOURCE_KEY = "visit-source";

/** The referrer without its query and fragment; empty when there is none or it is not a URL. */
export function referrerWithoutQuery(referrer: string): string {
  try {
    const url = new URL(referrer);
    return `${url.origin}${url.pathname}`;
  } catch {
    return "";
  }
}

/** What to keep of a landing: its path, the referrer and the utm_* tags it has. */
export function landingSource(address: string, referrer: string): LeadSource {
  const url = new URL(address);
  const source: LeadSource = { landingPage: url.pathname };
  const from = referrerWithoutQuery(referrer);
  if (from) source.referrer = from;
  for (const [field, parameter] of Object.entries(UTM_FIELDS)) {
    const value = url.searchParams.get(parameter);
    if (value) source[field as keyof typeof UTM_FIELDS] = value;
  }
  return source;
}

/** Records the visit's landing, once per visit. Storage may be refused: then nothing is kept. */
export function rememberLanding(storage: Storage | undefined = sessionStorageOrNothing()): void {
  try {
    if (!storage || storage.getItem(VISIT_SOURCE_KEY)) return;
    storage.setItem(
      VISIT_SOURCE_KEY,
      JSON.stringify(landingSource(location.href, document.referrer)),
    );
  } catch {
    // Private modes and full storage throw; the visit simply has no recorded source.
  }
}

/** The visit's source for a form to send, or undefined when none was kept. */
export function visitSource(
  storage: Storage | undefined = sessionStorageOrNothing(),
): LeadSource | undefined {
  try {
    const kept = storage?.getItem(VISIT_SOURCE_KEY);
    const value: unknown = kept ? JSON.parse(kept) : undefined;
    return value && typeof value === "object" ? (value as LeadSource) : undefined;
  } catch {
    return undefined;
  }
}

/** Reading `sessionStorage` itself throws where storage is blocked. */
function sessionStorageOrNothing(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
