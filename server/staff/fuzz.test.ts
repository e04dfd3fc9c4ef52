/**
 * Generated abuse of the staff endpoints: any JSON, any cookie, any content type. Every answer
 * must be one a client can act on (2xx, 400, 401, 403, 405, 413, 415), never a 5xx, and nobody
 * is signed in by it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { staffApiPaths } from "./paths";
import { testDialects } from "../testing";
import { STAFF_ROLES } from "./roles";
import { createSession } from "./sessions";
import { STAFF_SITE, addStaff, useStaffApi } from "./testing";

const ACCEPTABLE = new Set([202, 204, 400, 401, 403, 405, 413, 415]);

const value = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 50 }),
  fc.constantFrom("", "\u0000", "a@b.gh", "ama@example.com", "A".repeat(43), "__proto__", "%00"),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
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
const query = fc.dictionary(
  fc.constantFrom(
    "type",
    "product",
    "status",
    "owner",
    "q",
    "since",
    "until",
    "cursor",
    "limit",
    "x",
  ),
  fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom("none", "demo", "contact", "won", "2026-11-01", "50", "0", "%", "_", "\\"),
  ),
  { maxKeys: 4 },
);
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
        leadId,
        query,
        fc.constantFrom("GET", "POST", "PATCH"),
        inboxBody,
        fc.constantFrom("application/json", "text/plain", ""),
        fc.constantFrom(...cookies),
        async (path, id, search, method, payload, type, cookie) => {
          const res = await api.app.inject({
            method,
            url: `${path.replace(":id", encodeURIComponent(id))}?${new URLSearchParams(search)}`,
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
const adminQuery = fc.dictionary(
  fc.constantFrom("status", "q", "actor", "action", "since", "until", "state", "cursor", "limit"),
  fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom(
      "pending",
      "failed",
      "confirmed",
      "a@b.gh",
      "staff.sign-in",
      "2026-11-01",
      "50",
      "%",
      "_",
      "\\",
    ),
  ),
  { maxKeys: 4 },
);
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
            url: `${path.replace(":id", encodeURIComponent(id))}?${new URLSearchParams(search)}`,
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
