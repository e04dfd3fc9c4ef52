import { describe, expect, it } from "vitest";
import { apiPaths } from "../../common/paths";
import { sessionApi } from "../../staff-api/session";
import { useLeadApi } from "../testing/lead-api";
import { serialisedOrigin } from "./origin";

// The site of the finding: served over http, with one partner on a port of its own, listed the
// way a person might type it (the browser sends "https://partner.example:8443").
const SITE = "http://site.test";
const PARTNER = "https://partner.example:8443";
const PARTNER_AS_LISTED = "https://Partner.Example:8443/";

/** The public forms (a script's JSON, a browser's own form post) and the staff API. */
const REQUESTS = [
  {
    name: "newsletter sign-up",
    method: "POST",
    url: apiPaths.subscribe,
    headers: { "content-type": "application/json" },
    payload: JSON.stringify({ email: "ama@example.com" }),
    answer: 202,
  },
  {
    name: "contact form posted by the browser",
    method: "POST",
    url: apiPaths.contact,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "firstName=A&lastName=B&email=ama%40example.com&message=m&agreeToPolicy=on",
    answer: 303,
  },
  // Without a session: 401 once past the origin check.
  { name: "staff session", method: "GET", url: sessionApi.me.path, headers: {}, answer: 401 },
  {
    name: "staff sign-out",
    method: "POST",
    url: sessionApi.signOut.path,
    headers: {},
    answer: 401,
  },
] as const;

describe("the same-origin rule", () => {
  const api = useLeadApi(undefined, {
    config: { publicUrl: SITE, allowedOrigins: [SITE, PARTNER_AS_LISTED] },
  });

  const send = (request: (typeof REQUESTS)[number], origin: string, host = "site.test") =>
    api.app.inject({
      method: request.method,
      url: request.url,
      // The Host a browser sends to this server, unless a test says otherwise.
      headers: { ...request.headers, host, origin },
      payload: "payload" in request ? request.payload : undefined,
    });

  it("refuses an origin that differs in scheme, port or host, or is null", async () => {
    const foreign = [
      "https://site.test", // the https scheme at the http site's host
      "http://site.test:443", // port 443, but not with https
      "http://site.test:8080",
      "https://partner.example", // the partner on another port
      "http://partner.example:8443",
      "http://site.test.evil.example", // the site's name as a prefix
      "http://site.testevil.example",
      "http://evil.example/http://site.test",
      "null",
      "file://",
      "site.test",
    ];
    for (const request of REQUESTS) {
      for (const origin of foreign) {
        const res = await send(request, origin);
        expect(res.statusCode, `${request.name} from ${origin}`).toBe(403);
      }
    }
    expect(await api.db.selectFrom("newsletter_subscriptions").selectAll().execute()).toEqual([]);
    expect(await api.db.selectFrom("contact_messages").selectAll().execute()).toEqual([]);
  });

  it("does not trust an Origin for matching the Host header (DNS rebinding)", async () => {
    for (const request of REQUESTS) {
      const res = await send(request, "http://rebound.example", "rebound.example");
      expect(res.statusCode, request.name).toBe(403);
    }
  });

  it("accepts PUBLIC_URL's origin and ALLOWED_ORIGINS, however they are written", async () => {
    const own = ["http://site.test", "http://site.test:80", "HTTP://Site.Test", PARTNER];
    for (const request of REQUESTS) {
      for (const origin of own) {
        const res = await send(request, origin);
        expect(res.statusCode, `${request.name} from ${origin}`).toBe(request.answer);
      }
    }
    expect(await api.db.selectFrom("newsletter_subscriptions").selectAll().execute()).toHaveLength(
      1,
    );
  });
});

describe("serialisedOrigin", () => {
  it("is scheme, host and port as the URL standard writes them, http(s) only", () => {
    expect(serialisedOrigin("https://Site.Test:443")).toBe("https://site.test");
    expect(serialisedOrigin("http://site.test:443")).toBe("http://site.test:443");
    expect(serialisedOrigin("https://site.test:8443/")).toBe("https://site.test:8443");
    for (const value of ["null", "", "site.test", "file:///etc/passwd", "ftp://site.test"]) {
      expect(serialisedOrigin(value), value).toBeUndefined();
    }
  });
});
