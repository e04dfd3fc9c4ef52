/**
 * Generated abuse of every staff endpoint: any JSON, any query string, any cookie, any content
 * type, and control characters in every string of them. Every answer must be one a client can act
 * on (2xx, 400, 401, 403, 404, 405, 409, 413, 415, 429), never a 5xx, and nobody is signed in by
 * it. Requests lean towards what the console sends (the route's own method, JSON, a session that
 * may use the route, well-formed parameters but one), so that most reach the database.
 */
import fc from "fast-check";
import { fuzzRuns } from "../common/fuzz.testing";
import { describe, expect, it } from "vitest";
import { testDialects } from "./testing/lead-api";
import { addStaff, signedInStaff, useStaffApi } from "./testing/staff-api";
import { value } from "./testing/fuzz.testing";
import { sessionApi } from "../staff-api/session";
import { passkeysApi } from "../staff-api/passkeys";
import { withId } from "./testing/staff-client";

const ACCEPTABLE = new Set([202, 204, 400, 401, 403, 405, 413, 415]);

const body = fc.oneof(
  fc.record({ email: value }, { requiredKeys: [] }),
  fc.record({ token: value }, { requiredKeys: [] }),
  fc.dictionary(fc.constantFrom("email", "token", "__proto__", "constructor", "x"), value),
  value,
);

/** The sign-in and session routes; the console's are fuzzed in staff-api-fuzz.test.ts. */
const SIGN_IN_PATHS = [
  sessionApi.requestLink.path,
  sessionApi.verify.path,
  sessionApi.me.path,
  sessionApi.signOut.path,
  sessionApi.signOutEverywhere.path,
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
          const res = await api
            .as(cookie === undefined ? undefined : `staff_session=${cookie}`)
            .raw(method, path, {
              contentType: type,
              body: method === "POST" ? JSON.stringify(payload) : undefined,
            });
          expect(ACCEPTABLE.has(res.statusCode), `${method} ${path} → ${res.statusCode}`).toBe(
            true,
          );
          expect(res.headers["set-cookie"] ?? "").not.toMatch(/staff_session=[\w-]+;/);
        },
      ),
      fuzzRuns(300),
    );
    const sessions = await api.db.selectFrom("staff_sessions").select("id").execute();
    expect(sessions).toEqual([]);
  }, 60_000);
});

describe.each(testDialects)("passkey endpoints under generated input on $name", ({ url }) => {
  const api = useStaffApi(url);

  it("never answer 5xx and sign nobody in", async () => {
    const { cookie: signedIn } = await signedInStaff(api, "ama@example.com", "sales");
    const cookies = [undefined, "staff_session=nonsense", signedIn];
    const paths = [
      passkeysApi.registerOptions.path,
      passkeysApi.registerVerify.path,
      passkeysApi.signInOptions.path,
      passkeysApi.signInVerify.path,
      passkeysApi.list.path,
      passkeysApi.rename.path,
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
          const res = await api.as(cookie).raw(method, withId(path, id), {
            contentType: type,
            body: method !== "GET" ? JSON.stringify(payload) : undefined,
          });
          expect(
            PASSKEY_ACCEPTABLE.has(res.statusCode),
            `${method} ${path} → ${res.statusCode} ${res.body}`,
          ).toBe(true);
          if (path === passkeysApi.signInVerify.path) {
            expect(res.headers["set-cookie"] ?? "").not.toMatch(/staff_session=[\w-]+;/);
          }
        },
      ),
      fuzzRuns(300),
    );
    const sessions = await api.db.selectFrom("staff_sessions").select("id").execute();
    expect(sessions).toHaveLength(1);
    expect(await api.db.selectFrom("staff_passkeys").select("id").execute()).toEqual([]);
  }, 60_000);
});
