/**
 * A `mailto:` link to exactly one address (RFC 6068), optionally with a subject.
 *
 * The forms accept any dot-atom address (leads/email.ts), and `?`, `&`, `=`, `%` and `#` are all
 * allowed in its local part. Put into a link as it is, `sales?bcc=spy%40evil.example&body=hi@x.gh`
 * becomes a message to `sales` with a Bcc to someone else and a body the sender chose. So every
 * character of the address is percent-encoded (UTF-8) except the unreserved ones and `@`: the
 * mail client decodes it back to the one address it was, and sees no header fields and no second
 * recipient (`,` is encoded too).
 */
export function mailtoHref(address: string, fields: { subject?: string } = {}): string {
  const to = encodeURIComponent(wellFormed(address)).replace(/%40/g, "@");
  const query = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(wellFormed(value))}`)
    .join("&");
  return query ? `mailto:${to}?${query}` : `mailto:${to}`;
}

/**
 * encodeURIComponent throws on a lone surrogate; rows stored before the forms refused them may
 * hold one, and a link is no reason for the page to fail. Each becomes U+FFFD.
 */
function wellFormed(text: string): string {
  // Pairs are matched first and kept; what is left is alone. No lookbehind: this runs on every
  // page of the site, and older Safari cannot parse one.
  return text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g, (unit) =>
    unit.length === 2 ? unit : "\uFFFD",
  );
}
