/**
 * The staff session cookie, read and written by hand: it is the only cookie the server uses, so a
 * cookie library would be more code than this.
 *
 * Over HTTPS it is `__Host-staff_session`: the prefix makes browsers insist on Secure, Path=/ and
 * no Domain, so a sibling subdomain cannot set or shadow it. Over plain HTTP (a developer's
 * machine) browsers refuse Secure cookies, so it is `staff_session` without Secure.
 */
export interface SessionCookie {
  name: string;
  secure: boolean;
}

export function sessionCookie(publicUrl: string): SessionCookie {
  const secure = new URL(publicUrl).protocol === "https:";
  return { name: secure ? "__Host-staff_session" : "staff_session", secure };
}

/** The value of cookie `name` in a Cookie header, or undefined; the first one wins. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2)
      value = value.slice(1, -1);
    return value;
  }
  return undefined;
}

/** Set-Cookie for a new session that lives at most `maxAgeSeconds`. */
export function setCookieHeader(
  cookie: SessionCookie,
  value: string,
  maxAgeSeconds: number,
): string {
  if (!/^[A-Za-z0-9_-]+$/.test(value)) throw new Error("cookie value must be base64url");
  return [
    `${cookie.name}=${value}`,
    "Path=/",
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    "HttpOnly",
    "SameSite=Strict",
    ...(cookie.secure ? ["Secure"] : []),
  ].join("; ");
}

/** Set-Cookie that makes the browser forget the session cookie. */
export function clearCookieHeader(cookie: SessionCookie): string {
  return [
    `${cookie.name}=`,
    "Path=/",
    "Max-Age=0",
    "Expires=Thu, 01 Jan 1970 00:00:00 GMT",
    "HttpOnly",
    "SameSite=Strict",
    ...(cookie.secure ? ["Secure"] : []),
  ].join("; ");
}
