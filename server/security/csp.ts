import { createHash } from "node:crypto";

/**
 * Hashes of the inline scripts of one prerendered page, for its Content-Security-Policy.
 * A prerendered page carries one inline script (its widgets, app/first-paint.ts); allowing
 * exactly the page's inline scripts by hash keeps 'unsafe-inline' out of script-src. Data blocks
 * such as JSON-LD are not executed, so they need no hash. Speculation rules are not run, but Chromium reads
 * them only when the policy allows them as it would a script (common/speculation-rules.ts).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (
      type &&
      type !== "module" &&
      type !== "text/javascript" &&
      type !== "application/javascript" &&
      type !== "speculationrules"
    )
      continue;
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(match[2] ?? "", "utf8")
        .digest("base64")}'`,
    );
  }
  return [...hashes];
}

export interface CspOptions {
  /** Origins the page may frame (the innovation hub's external form). */
  frameOrigins: readonly string[];
  /** Who may frame the page: no one ('none', the default), or the site itself (a preview). */
  frameAncestors?: "'none'" | "'self'";
}

/** The policy of an HTML page with the given inline-script hashes. */
export function pageCsp(
  scriptHashes: readonly string[],
  { frameOrigins, frameAncestors = "'none'" }: CspOptions,
): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(" ")}`.trim(),
    // Stylesheets only from us; React sets a few style attributes (carousel position, toast bar).
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    `frame-src ${frameOrigins.length ? frameOrigins.join(" ") : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join("; ");
}

/** API answers and non-HTML files render nothing: the tightest policy. */
export const LOCKED_DOWN_CSP =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
