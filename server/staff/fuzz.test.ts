/**
 * Generated abuse of every staff endpoint: any JSON, any query string, any cookie, any content
 * type, and control characters in every string of them. Every answer must be one a client can act
 * on (2xx, 400, 401, 403, 404, 405, 409, 413, 415, 429), never a 5xx, and nobody is signed in by
 * it.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emailKey } from "../../leads/email";
import { contactSearchText, demoSearchText } from "../db/search-text";
import { staffApiPaths } from "./paths";
import { subscriptionRow, testDialects } from "../testing";
import { STAFF_ROLES } from "./roles";
import { createSession } from "./sessions";
import { STAFF_SITE, type StaffApi, addStaff, useStaffApi } from "./testing";

const ACCEPTABLE = new Set([202, 204, 400, 401, 403, 405, 413, 415]);

/**
 * Characters no staff input may hold (leads/fields.ts): NUL (PostgreSQL refuses it in text, FTS5
 * ends its query at it), ESC, BEL, DEL, NEL, a bidirectional override, a line separator and a
 * lone surrogate.
 */
const CONTROLS = ["\u0000", "\u001b", "\u0007", "\u007f", "\u0085", "\u202e", "\u2028", "\ud800"];

/**
 * The kinds of text every generated string is drawn from, one line each: another generator
 * (generated Markdown, say) joins them with one line more.
 */
const TEXT_KINDS: fc.Arbitrary<string>[] = [
  fc.string(),
  fc.string({ unit: "binary", maxLength: 50 }),
  fc.constantFrom("", "a@b.gh", "ama@example.com", "A".repeat(43), "__proto__", "%00", "none"),
  fc.constantFrom("won", "admin", "demo", "banking", "confirmed", "failed", "2026-11-01", "50"),
  // What SQLite's FTS5 would read as query syntax, were the search not one quoted phrase.
  fc.constantFrom('"', 'a"b', "***", "^abc", "NEAR(abc def)", "abc AND def", "OR", "NOT abc"),
  fc.constantFrom("(abc", "abc)", "search_text:abc", "{abc}", "-abc", "abc*", "x".repeat(200)),
];

/** Text of any kind, half the time with a control character spliced in somewhere. */
const text = fc
  .tuple(fc.oneof(...TEXT_KINDS), fc.option(fc.constantFrom(...CONTROLS), { freq: 2 }), fc.nat())
  .map(([base, control, at]) => {
    if (control === null) return base;
    const i = at % (base.length + 1);
    return base.slice(0, i) + control + base.slice(i);
  });

/**
 * A query string of `names` with generated values: text as a browser encodes it (a lone
 * surrogate becomes U+FFFD on the way), or raw escapes no browser sends (NUL, an encoded
 * surrogate, an overlong NUL, a byte that is no UTF-8).
 */
const queryOf = (names: readonly string[]) =>
  fc
    .array(
      fc.tuple(
        fc.constantFrom(...names),
        fc.oneof(
          text.map((t) => new URLSearchParams({ v: t }).toString().slice(2)),
          fc.constantFrom("%00", "%1B", "%7F", "%C2%85", "%E2%80%AE", "%ED%A0%80", "%C0%80", "%FF"),
        ),
      ),
      { maxLength: 4 },
    )
    .map((pairs) => pairs.map(([name, v]) => `${name}=${v}`).join("&"));

const value = fc.oneof(
  text,
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(fc.string(), text, { maxKeys: 3 }),
);
const body = fc.oneof(
  fc.record({ email: value }, { requiredKeys: [] }),
  fc.record({ token: value }, { requiredKeys: [] }),
  fc.dictionary(fc.constantFrom("email", "token", "__proto__", "constructor", "x"), value),
  value,
);

/** The sign-in and session routes; the lead inbox's have a test of their own below. */
const SIGN_IN_PATHS = [
  staffApiPaths.requestLink,
  staffApiPaths.verify,
  staffApiPaths.me,
  staffApiPaths.signOut,
  staffApiPaths.signOutEverywhere,
];

/** Passkeys: what a client may send (credential-like JSON), and what they may answer. */
const PASSKEY_ACCEPTABLE = new Set([200, 201, 204, 400, 401, 403, 404, 405, 413, 415]);
const b64 = fc.oneof(
  fc.base64String({ maxLength: 60 }).map((t) => t.replace(/\+/g, "-").replace(/\//g, "_")),
  fc.constantFrom("", "e30", "A", "A".repeat(1400), "%%", "eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0"),
  value,
);
const credentialBody = fc.oneof(
  fc.record(
    {
      id: b64,
      rawId: b64,
      type: fc.constantFrom("public-key", "password", ""),
      clientExtensionResults: fc.oneof(fc.constant({}), value),
      response: fc.oneof(
        fc.record(
          {
            clientDataJSON: b64,
            attestationObject: b64,
            authenticatorData: b64,
            signature: b64,
            userHandle: fc.oneof(b64, fc.constant(null)),
            transports: fc.oneof(fc.array(fc.string(), { maxLength: 3 }), value),
          },
          { requiredKeys: [] },
        ),
        value,
      ),
      name: value,
    },
    { requiredKeys: [] },
  ),
  fc.record({ name: value }, { requiredKeys: [] }),
  value,
);
const passkeyId = fc.oneof(
  fc.uuid(),
  fc.constantFrom("register", "%00", "..", "00000000-0000-0000-0000-000000000000"),
  fc.string({ maxLength: 60 }),
);

/** The lead inbox: what a client may send to it, and what it may answer. */
const INBOX_ACCEPTABLE = new Set([200, 201, 400, 401, 403, 404, 405, 413, 415]);
const leadId = fc.oneof(
  fc.constantFrom(
    "contact_",
    "demo_x",
    "demo_00000000-0000-0000-0000-000000000000",
    "%00",
    "..",
    "",
  ),
  fc.string({ maxLength: 80 }),
  fc.uuid().map((id) => `contact_${id}`),
);
const query = queryOf([
  "type",
  "product",
  "status",
  "owner",
  "q",
  "since",
  "until",
  "cursor",
  "limit",
]);
/** A contact message and a demo request, so that searches, notes and changes reach the rows. */
async function addLeads(api: StaffApi): Promise<string[]> {
  const at = new Date().toISOString();
  const contact = {
    id: randomUUID(),
    first_name: "Ama",
    last_name: "Mensah",
    email: "ama@example.com",
    email_key: emailKey("ama@example.com"),
    phone: "0550000000",
    message: 'Rates for "abc def" NEAR(abc) and *all* schools',
    policy_agreed_at: at,
    request_key: null,
    request_hash: null,
    created_at: at,
  };
  await api.db
    .insertInto("contact_messages")
    .values({ ...contact, search_text: contactSearchText(contact) })
    .execute();
  const demo = {
    id: randomUUID(),
    product: "banking",
    page: "/schedule-banking-demo",
    name: "Kofi Boateng",
    email: "kofi@example.com",
    email_key: emailKey("kofi@example.com"),
    phone: "0550000000",
    company: "Susu (Co) OR abc",
    job_title: "CEO",
    industry: "Finance",
    request_key: null,
    request_hash: null,
    created_at: at,
  };
  await api.db
    .insertInto("demo_requests")
    .values({ ...demo, search_text: demoSearchText(demo) })
    .execute();
  return [`contact_${contact.id}`, `demo_${demo.id}`];
}

const inboxBody = fc.oneof(
  fc.record({ status: value, owner: value, text: value }, { requiredKeys: [] }),
  fc.dictionary(fc.constantFrom("status", "owner", "text", "__proto__"), value),
  value,
);

describe.each(testDialects)("staff endpoints under generated input on $name", ({ url }) => {
  const api = useStaffApi(url);

  it("never answer 5xx and sign nobody in", async () => {
    await addStaff(api, "ama@example.com", "admin");
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SIGN_IN_PATHS),
        fc.constantFrom("GET", "POST"),
        body,
        fc.constantFrom("application/json", "application/json; charset=utf-8", "text/plain", ""),
        fc.option(fc.string(), { nil: undefined }),
        async (path, method, payload, type, cookie) => {
          const res = await api.app.inject({
            method,
            url: path,
            headers: {
              origin: STAFF_SITE,
              ...(type ? { "content-type": type } : {}),
              ...(cookie !== undefined ? { cookie: `staff_session=${cookie}` } : {}),
            },
            ...(method === "POST" ? { payload: JSON.stringify(payload) } : {}),
          });
          expect(ACCEPTABLE.has(res.statusCode), `${method} ${path} → ${res.statusCode}`).toBe(
            true,
          );
          expect(res.headers["set-cookie"] ?? "").not.toMatch(/staff_session=[\w-]+;/);
        },
      ),
      { numRuns: 300 },
    );
    const sessions = await api.db.selectFrom("staff_sessions").select("id").execute();
    expect(sessions).toEqual([]);
  }, 60_000);
});

describe.each(testDialects)("lead inbox endpoints under generated input on $name", ({ url }) => {
  const api = useStaffApi(url);

  it("never answer 5xx, signed out or as any role", async () => {
    const cookies: (string | undefined)[] = [undefined, "staff_session=nonsense"];
    for (const role of STAFF_ROLES) {
      const account = await addStaff(api, `${role}@example.com`, role);
      const { secret } = await createSession(api.db, account.id, api.clock.now);
      cookies.push(`staff_session=${secret}`);
    }
    const leads = await addLeads(api);
    const paths = [
      staffApiPaths.leads,
      staffApiPaths.leadsCsv,
      staffApiPaths.leadStats,
      staffApiPaths.lead,
      staffApiPaths.leadNotes,
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.oneof(fc.constantFrom(...leads), leadId),
        query,
        fc.constantFrom("GET", "POST", "PATCH"),
        inboxBody,
        fc.constantFrom("application/json", "text/plain", ""),
        fc.constantFrom(...cookies),
        async (path, id, search, method, payload, type, cookie) => {
          const res = await api.app.inject({
            method,
            url: `${path.replace(":id", encodeURIComponent(id))}?${search}`,
            headers: {
              origin: STAFF_SITE,
              ...(type ? { "content-type": type } : {}),
              ...(cookie ? { cookie } : {}),
            },
            ...(method !== "GET" ? { payload: JSON.stringify(payload) } : {}),
          });
          expect(
            INBOX_ACCEPTABLE.has(res.statusCode),
            `${method} ${path} → ${res.statusCode} ${res.body}`,
          ).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);
});

describe.each(testDialects)("passkey endpoints under generated input on $name", ({ url }) => {
  const api = useStaffApi(url);

  it("never answer 5xx and sign nobody in", async () => {
    const account = await addStaff(api, "ama@example.com", "sales");
    const { secret } = await createSession(api.db, account.id, api.clock.now);
    const cookies = [undefined, "staff_session=nonsense", `staff_session=${secret}`];
    const paths = [
      staffApiPaths.passkeyRegisterOptions,
      staffApiPaths.passkeyRegisterVerify,
      staffApiPaths.passkeySignInOptions,
      staffApiPaths.passkeySignInVerify,
      staffApiPaths.passkeys,
      staffApiPaths.passkey,
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        passkeyId,
        fc.constantFrom("GET", "POST", "PATCH", "DELETE"),
        credentialBody,
        fc.constantFrom("application/json", "text/plain", ""),
        fc.constantFrom(...cookies),
        async (path, id, method, payload, type, cookie) => {
          const res = await api.app.inject({
            method,
            url: path.replace(":id", encodeURIComponent(id)),
            headers: {
              origin: STAFF_SITE,
              ...(type ? { "content-type": type } : {}),
              ...(cookie ? { cookie } : {}),
            },
            ...(method !== "GET" ? { payload: JSON.stringify(payload) } : {}),
          });
          expect(
            PASSKEY_ACCEPTABLE.has(res.statusCode),
            `${method} ${path} → ${res.statusCode} ${res.body}`,
          ).toBe(true);
          if (path === staffApiPaths.passkeySignInVerify) {
            expect(res.headers["set-cookie"] ?? "").not.toMatch(/staff_session=[\w-]+;/);
          }
        },
      ),
      { numRuns: 300 },
    );
    const sessions = await api.db.selectFrom("staff_sessions").select("id").execute();
    expect(sessions).toHaveLength(1);
    expect(await api.db.selectFrom("staff_passkeys").select("id").execute()).toEqual([]);
  }, 60_000);
});

/** The subscribers, team and admin routes: what a client may send them, and what they answer. */
const ADMIN_ACCEPTABLE = new Set([200, 201, 400, 401, 403, 404, 405, 409, 413, 415]);
const recordId = fc.oneof(
  fc.constantFrom("", "..", "%00", "x y", "00000000-0000-0000-0000-000000000000"),
  fc.string({ maxLength: 80 }),
  fc.uuid(),
);
const adminQuery = queryOf([
  "status",
  "q",
  "actor",
  "action",
  "since",
  "until",
  "state",
  "cursor",
  "limit",
]);
const adminBody = fc.oneof(
  fc.record({ email: value, role: value, name: value, disabled: value }, { requiredKeys: [] }),
  fc.dictionary(fc.constantFrom("email", "role", "name", "disabled", "__proto__"), value),
  value,
);

describe.each(testDialects)("console admin endpoints under generated input on $name", ({ url }) => {
  const api = useStaffApi(url);

  it("never answer 5xx, signed out or as any role", async () => {
    const cookies: (string | undefined)[] = [undefined, "staff_session=nonsense"];
    for (const role of STAFF_ROLES) {
      const account = await addStaff(api, `${role}@example.com`, role);
      const { secret } = await createSession(api.db, account.id, api.clock.now);
      cookies.push(`staff_session=${secret}`);
    }
    // A second admin, so that changes to the first are not all refused as a lock-out.
    await addStaff(api, "admin2@example.com", "admin");
    await api.db
      .insertInto("newsletter_subscriptions")
      .values(subscriptionRow("esi@example.com", "confirmed", new Date().toISOString()))
      .execute();
    const paths = [
      staffApiPaths.subscribers,
      staffApiPaths.subscribersCsv,
      staffApiPaths.team,
      staffApiPaths.accounts,
      staffApiPaths.account,
      staffApiPaths.audit,
      staffApiPaths.auditCsv,
      staffApiPaths.auditActions,
      staffApiPaths.forget,
      staffApiPaths.outbox,
      staffApiPaths.outboxRetry,
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        recordId,
        adminQuery,
        fc.constantFrom("GET", "POST", "PATCH"),
        adminBody,
        fc.constantFrom("application/json", "text/plain", ""),
        fc.constantFrom(...cookies),
        async (path, id, search, method, payload, type, cookie) => {
          const res = await api.app.inject({
            method,
            url: `${path.replace(":id", encodeURIComponent(id))}?${search}`,
            headers: {
              origin: STAFF_SITE,
              ...(type ? { "content-type": type } : {}),
              ...(cookie ? { cookie } : {}),
            },
            ...(method !== "GET" ? { payload: JSON.stringify(payload) } : {}),
          });
          expect(
            ADMIN_ACCEPTABLE.has(res.statusCode),
            `${method} ${path} → ${res.statusCode} ${res.body}`,
          ).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
    // Whatever was sent, an enabled admin remains.
    const admins = await api.db
      .selectFrom("staff_accounts")
      .select("id")
      .where("role", "=", "admin")
      .where("disabled_at", "is", null)
      .execute();
    expect(admins.length).toBeGreaterThan(0);
  }, 60_000);
});

/** Marketing's routes: reports, the welcome e-mail and campaigns. */
const MARKETING_ACCEPTABLE = new Set([200, 201, 202, 400, 401, 403, 404, 405, 409, 413, 415, 429]);
const marketingQuery = queryOf(["by", "since", "type", "x"]);
const marketingBody = fc.oneof(
  fc.record({ subject: value, markdown: value, at: value }, { requiredKeys: [] }),
  fc.dictionary(fc.constantFrom("subject", "markdown", "at", "__proto__"), value),
  value,
);

describe.each(testDialects)("marketing endpoints under generated input on $name", ({ url }) => {
  const api = useStaffApi(url);

  it("never answer 5xx, signed out or as any role", async () => {
    const cookies: (string | undefined)[] = [undefined, "staff_session=nonsense"];
    for (const role of STAFF_ROLES) {
      const account = await addStaff(api, `${role}@example.com`, role);
      const { secret } = await createSession(api.db, account.id, api.clock.now);
      cookies.push(`staff_session=${secret}`);
    }
    const created = await api.app.inject({
      method: "POST",
      url: staffApiPaths.campaigns,
      headers: { origin: STAFF_SITE, cookie: String(cookies.at(-1)) },
      payload: { subject: "Harmattan rates", markdown: "Hello **all**" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaign = String(created.json().id);
    const paths = [
      staffApiPaths.leadReport,
      staffApiPaths.welcome,
      staffApiPaths.newsletterPreview,
      staffApiPaths.campaigns,
      staffApiPaths.campaign,
      staffApiPaths.campaignTest,
      staffApiPaths.campaignSend,
      staffApiPaths.campaignPause,
      staffApiPaths.campaignResume,
      staffApiPaths.campaignCancel,
      staffApiPaths.campaignRetry,
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.oneof(fc.constant(campaign), recordId),
        marketingQuery,
        fc.constantFrom("GET", "POST", "PATCH", "PUT"),
        marketingBody,
        fc.constantFrom("application/json", "text/plain", ""),
        fc.constantFrom(...cookies),
        async (path, id, search, method, payload, type, cookie) => {
          const res = await api.app.inject({
            method,
            url: `${path.replace(":id", encodeURIComponent(id))}?${search}`,
            headers: {
              origin: STAFF_SITE,
              ...(type ? { "content-type": type } : {}),
              ...(cookie ? { cookie } : {}),
            },
            ...(method !== "GET" ? { payload: JSON.stringify(payload) } : {}),
          });
          expect(
            MARKETING_ACCEPTABLE.has(res.statusCode),
            `${method} ${path} → ${res.statusCode} ${res.body}`,
          ).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);
});
