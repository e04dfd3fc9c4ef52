/**
 * Property-based abuse of every endpoint: thousands of generated requests — wrong types,
 * missing and extra fields, nulls, arrays, deep nesting, huge strings, control characters,
 * invalid UTF-8, wrong content types, duplicated keys, prototype-pollution keys. Every answer must
 * be 400, 403, 404, 405, 413, 415, 422 or 2xx — never a 5xx — and nothing invalid may be stored.
 * On SQLite and PostgreSQL: PostgreSQL refuses some text SQLite stores (NUL), so both are tried.
 */
import fc from "fast-check";
import { fuzzRuns } from "../../common/fuzz.testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContactSchema } from "../../leads/contact";
import { DemoRequestSchema } from "../../leads/demo";
import { NewsletterSchema } from "../../leads/newsletter";
import type { DB } from "../db/database";
import { testApp, useTestDatabase, testDialects } from "../testing/lead-api";
import { apiPaths } from "../../common/paths";

const ENDPOINTS = [apiPaths.subscribe, apiPaths.contact, apiPaths.demo] as const;
// 303: a form posted by the browser itself is sent to a page that says what happened.
const ACCEPTABLE = new Set([200, 201, 202, 303, 400, 403, 404, 405, 413, 415, 422]);

/** Control, format and invisible characters, and text made of them. */
const hidden = fc.constantFrom(
  "\u0000",
  "\u0001",
  "\u0007",
  "\u001b[2J",
  "\u007f",
  "\u0085",
  "\u009b",
  "\u200b",
  "\u2028",
  "\u202e",
  "\u2066",
  "\ufeff",
  "\u3164",
  "\ud800",
  "\r",
  "\t",
);
const withHidden = fc
  .array(fc.oneof(hidden, fc.constantFrom("Ama", "a@b.gh", " ", "x")), {
    minLength: 1,
    maxLength: 6,
  })
  .map((parts) => parts.join(""));

// Values a sloppy or hostile client might put anywhere.
const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 50 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "\r\nBcc: x@y.z",
    "<script>alert(1)</script>",
    "=1+1",
    "a@b.gh",
    "x".repeat(20_000),
  ),
  hidden,
  withHidden,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

const fieldNames = fc.constantFrom(
  "email",
  "firstName",
  "lastName",
  "phone",
  "message",
  "agreeToPolicy",
  "website",
  "product",
  "formData",
  "name",
  "company",
  "jobTitle",
  "industry",
  "__proto__",
  "constructor",
  "prototype",
  "extra",
);

const objectBody = fc.dictionary(
  fieldNames,
  fc.oneof(nasty, fc.dictionary(fieldNames, nasty, { maxKeys: 6 })),
  { maxKeys: 8 },
);

/** Bodies of the right shape with some values swapped for nasty ones: they reach the schemas. */
const field = (valid: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { arbitrary: valid, weight: 4 },
    nasty,
    // A valid value with a hidden character slipped in somewhere.
    fc
      .tuple(valid, hidden, fc.nat())
      .map(([value, extra, at]) =>
        typeof value === "string"
          ? value.slice(0, at % (value.length + 1)) + extra + value.slice(at % (value.length + 1))
          : value,
      ),
  );
const almostValid = fc.oneof(
  fc.record({
    email: field(fc.emailAddress()),
    website: fc.option(field(fc.constant("")), { nil: undefined }),
  }),
  fc.record({
    firstName: field(fc.constantFrom("Ama", " Kofi ")),
    lastName: field(fc.constant("Mensah")),
    email: field(fc.emailAddress()),
    phone: field(fc.constantFrom("", "+233 55 000 0000")),
    message: field(fc.string({ minLength: 1, maxLength: 300 })),
    agreeToPolicy: field(fc.constant(true)),
  }),
  fc.record({
    product: field(
      fc.constantFrom("aslan", "vas", "banking", "pension-management", "school-billing"),
    ),
    formData: field(
      fc.record({
        name: field(fc.constant("Kofi")),
        email: field(fc.emailAddress()),
        phone: field(fc.constant("0550000000")),
        industry: field(fc.constantFrom("Finance", "Agriculture")),
      }),
    ),
  }),
);

/** Raw bodies JSON.stringify cannot produce. */
const rawBody = fc.oneof(
  objectBody.map((o) => JSON.stringify(o)),
  fc.string(),
  fc.constantFrom(
    '{"email":"a@b.gh","email":"c@d.gh"}',
    '{"__proto__":{"polluted":true},"email":"a@b.gh"}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    "[".repeat(5_000) + "]".repeat(5_000),
    '{"a":'.repeat(3_000) + "1" + "}".repeat(3_000),
    "null",
    "[]",
    '"just a string"',
    "{",
  ),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString("latin1")),
);

const contentType = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "",
);

describe.each(testDialects)("every endpoint under generated abuse on $name", ({ url: dbUrl }) => {
  let app: FastifyInstance;
  let db: DB;

  useTestDatabase(dbUrl, (opened) => (db = opened), { once: true });
  beforeAll(async () => {
    app = await testApp(db);
  });
  afterAll(() => app.close());

  it("never answers 5xx and stays up", async () => {
    const seen: Record<number, number> = {};
    const runs = fuzzRuns(3_000);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ENDPOINTS),
        fc.oneof(
          { arbitrary: fc.constant("POST"), weight: 8 },
          fc.constantFrom("GET", "PUT", "DELETE"),
        ),
        fc.oneof({ arbitrary: fc.constant("application/json"), weight: 6 }, contentType),
        fc.oneof(
          { arbitrary: almostValid.map((o) => JSON.stringify(o)), weight: 3 },
          { arbitrary: rawBody, weight: 3 },
          fc.uint8Array({ maxLength: 100 }).map((b) => Buffer.from(b)),
        ),
        async (url, method, type, payload) => {
          const res = await app.inject({
            method: method as "POST",
            url,
            headers: type ? { "content-type": type } : {},
            payload: method === "GET" ? undefined : payload,
          });
          seen[res.statusCode] = (seen[res.statusCode] ?? 0) + 1;
          if (!ACCEPTABLE.has(res.statusCode)) {
            throw new Error(
              `${method} ${url} (${type}) answered ${res.statusCode}: ${res.body.slice(0, 200)}`,
            );
          }
        },
      ),
      runs,
    );
    // The run reached the validators and the store, not only the early refusals (a sixth of the
    // requests refused by validation, one in 300 stored, whatever the budget).
    expect(seen[400]).toBeGreaterThan(runs.numRuns / 6);
    expect((seen[201] ?? 0) + (seen[202] ?? 0)).toBeGreaterThan(runs.numRuns / 300);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await app.inject({ url: apiPaths.health })).statusCode).toBe(200);
  }, 120_000);

  it("stores only leads that satisfy the form's own schema", async () => {
    const rows = {
      newsletter: await db.selectFrom("newsletter_subscriptions").selectAll().execute(),
      contact: await db.selectFrom("contact_messages").selectAll().execute(),
      demo: await db.selectFrom("demo_requests").selectAll().execute(),
    };
    for (const row of rows.newsletter)
      expect(NewsletterSchema.safeParse({ email: row.email }).success).toBe(true);
    for (const row of rows.contact) {
      const input = {
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
        phone: row.phone,
        message: row.message,
        agreeToPolicy: true,
      };
      expect(ContactSchema.safeParse(input).success).toBe(true);
    }
    for (const row of rows.demo) {
      const input = {
        product: row.product,
        formData: {
          name: row.name,
          email: row.email,
          phone: row.phone,
          company: row.company,
          jobTitle: row.job_title,
          industry: row.industry,
        },
      };
      expect(DemoRequestSchema.safeParse(input).success).toBe(true);
    }
  });

  it("stores a generated valid lead exactly as validated", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          email: fc.emailAddress().filter((e) => e.length <= 254),
          firstName: fc.string({ minLength: 1, maxLength: 50 }).filter((s) => s.trim().length > 0),
        }),
        async ({ email, firstName }) => {
          const body = {
            firstName,
            lastName: "Mensah",
            email,
            phone: "",
            message: "Hi",
            agreeToPolicy: true,
          };
          const res = await app.inject({ method: "POST", url: apiPaths.contact, payload: body });
          const parsed = ContactSchema.safeParse(body);
          expect(res.statusCode).toBe(parsed.success ? 201 : 400);
        },
      ),
      fuzzRuns(200),
    );
  }, 60_000);
});
