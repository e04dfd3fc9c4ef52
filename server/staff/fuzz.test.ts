/**
 * Generated abuse of the staff endpoints: any JSON, any cookie, any content type. Every answer
 * must be one a client can act on (2xx, 400, 401, 403, 405, 413, 415), never a 5xx, and nobody
 * is signed in by it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { staffApiPaths } from "./paths";
import { testDialects } from "../testing";
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

describe.each(testDialects)("staff endpoints under generated input on $name", ({ url }) => {
  const api = useStaffApi(url);

  it("never answer 5xx and sign nobody in", async () => {
    await addStaff(api, "ama@example.com", "admin");
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.values(staffApiPaths)),
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
