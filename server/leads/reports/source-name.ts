/**
 * One name for one source, however a visit said where it came from: a campaign tag typed by
 * hand (`Google`, `google.com`), or the site that linked (`https://www.google.com.gh/`,
 * `l.facebook.com`). Marketing asks "how many leads came from Google?", not "from which of
 * Google's addresses?".
 */

/** Short and old names of the same sites. */
const ALIASES: Readonly<Record<string, string>> = {
  "t.co": "x",
  twitter: "x",
  fb: "facebook",
  ig: "instagram",
  "lnkd.in": "linkedin",
  "youtu.be": "youtube",
};

/** The generic second level of a country's domain: google.com.gh, bbc.co.uk. */
const SECOND_LEVEL = new Set(["com", "co", "org", "net", "gov", "edu", "ac"]);

/**
 * The site's own name in a host: the label before its public suffix (google in
 * www.google.com.gh, facebook in l.facebook.com).
 */
function siteOf(host: string): string {
  const labels = host.split(".").filter(Boolean);
  let suffix = labels.length - 1;
  const country = labels[suffix]?.length === 2;
  if (labels.length > 2 && country && SECOND_LEVEL.has(labels[suffix - 1] ?? "")) suffix--;
  return labels[suffix - 1] ?? host;
}

function hostOf(referrer: string): string | null {
  try {
    return new URL(referrer).hostname;
  } catch {
    return null;
  }
}

/**
 * The source of a lead: its campaign's utm_source, else the site that linked to the visit, in
 * lower case and by the site's name; null when the visit said neither.
 */
export function sourceName(utmSource: string | null, referrer: string | null): string | null {
  const said = utmSource?.trim() || (referrer ? hostOf(referrer) : null);
  if (!said) return null;
  const lower = said.toLowerCase();
  // A tag that is no host name ("newsletter", "radio ad") is a name already.
  const name = ALIASES[lower] ?? (/^[a-z0-9.-]+\.[a-z]{2,}$/.test(lower) ? siteOf(lower) : lower);
  return ALIASES[name] ?? name;
}
