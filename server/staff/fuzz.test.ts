/**
 * Generated abuse of every staff endpoint: any JSON, any query string, any cookie, any content
 * type, and control characters in every string of them. Every answer must be one a client can act
 * on (2xx, 400, 401, 403, 404, 405, 409, 413, 415, 429), never a 5xx, and nobody is signed in by
 * it. Requests lean towards what the console sends (the route's own method, JSON, a session that
 * may use the route, well-formed parameters but one), so that most reach the database.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withId } from "../../common/paths";
import { accountsApi, erasureApi, outboxApi, teamApi } from "../../staff-api/admin";
import { auditApi } from "../../staff-api/audit";
import type { EndpointSpec, Method } from "../../staff-api/endpoint";
import { leadsApi } from "../../staff-api/leads";
import { campaignsApi, welcomeApi } from "../../staff-api/newsletter";
import { reportsApi } from "../../staff-api/reports";
import { suppressionsApi } from "../../staff-api/mail";
import { subscribersApi } from "../../staff-api/subscribers";
import { attackMarkdown } from "../newsletter/markdown-testing";
import { encodeCursor } from "./page-cursor";
import { staffApiPaths } from "./paths";
import { suppress } from "../mail/returns";
import { subscriptionRow, testDialects } from "../testing";
import { STAFF_ROLES } from "../../staff-api/roles";
import { addContact, addDemo, enabledAdmins } from "./test-records";
import { type StaffApi, addStaff, signedInStaff, useStaffApi } from "./testing";

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
  // Hostile Markdown (raw HTML, entities, links of every scheme, deep nesting) for the campaigns.
  attackMarkdown,
];

/** Text of any kind, two times in three with a control character spliced in somewhere. */
const text = fc
  .tuple(fc.oneof(...TEXT_KINDS), fc.option(fc.constantFrom(...CONTROLS), { freq: 3 }), fc.nat())
  .map(([base, control, at]) => {
    if (control === null) return base;
    const i = at % (base.length + 1);
    return base.slice(0, i) + control + base.slice(i);
  });

/**
 * A query value: text as a browser encodes it (a lone surrogate becomes U+FFFD on the way), or
 * raw escapes no browser sends (NUL, an encoded surrogate, an overlong NUL, a byte that is not
 * UTF-8), alone or inside a word.
 */
const queryText = fc.oneof(
  { weight: 3, arbitrary: text.map((t) => new URLSearchParams({ v: t }).toString().slice(2)) },
  fc
    .tuple(
      fc.constantFrom("", "abc"),
      fc.constantFrom("%00", "%1B", "%7F", "%C2%85", "%E2%80%AE", "%ED%A0%80", "%C0%80", "%FF"),
      fc.constantFrom("", "def"),
    )
    .map((parts) => parts.join("")),
);

/** A route's query parameters: the values it takes ("text": free text, like a search). */
type Params = Record<string, readonly string[] | "text">;

/**
 * A query of `params`: each free-text one half the time, generated, and up to two of the others,
 * mostly well-formed (so that the request gets past them to the database), sometimes generated.
 */
const queryOf = (params: Params) => {
  const names = Object.keys(params);
  const free = names.filter((name) => params[name] === "text");
  const others = names.filter((name) => params[name] !== "text");
  const pair = (name: string) => {
    const valid = params[name] ?? "text";
    return (
      valid === "text"
        ? queryText
        : fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom(...valid.map(encodeURIComponent)) },
            queryText,
          )
    ).map((v) => `${name}=${v}`);
  };
  return fc
    .tuple(
      fc.tuple(...free.map((name) => fc.option(pair(name), { nil: undefined, freq: 2 }))),
      fc
        .shuffledSubarray(others, { maxLength: 2 })
        .chain((chosen) => fc.tuple(...chosen.map(pair))),
    )
    .map(([texts, rest]) => [...texts, ...rest].filter((p) => p !== undefined).join("&"));
};

const value = fc.oneof(
  { weight: 3, arbitrary: text },
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(fc.string(), text, { maxKeys: 3 }),
);

/** A JSON body of the route's fields (as `value`s), anything else sometimes. */
const bodyOf = (fields: readonly string[]) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record(Object.fromEntries(fields.map((f) => [f, value])), { requiredKeys: [] }),
    },
    fc.dictionary(fc.constantFrom(...fields, "__proto__", "constructor"), value),
    value,
  );

/** Mostly JSON, as the console sends it. */
const contentType = fc.oneof(
  { weight: 4, arbitrary: fc.constant("application/json") },
  fc.constantFrom("application/json; charset=utf-8", "text/plain", ""),
);

/** Every endpoint of these parts of the contract, as its method and address. */
const routesOf = (...apis: Record<string, EndpointSpec>[]) =>
  apis.flatMap((api) => Object.values(api).map((spec) => [spec.method, spec.path] as const));

/** The route's own method mostly, sometimes another. */
const METHODS = ["GET", "POST", "PATCH", "PUT", "DELETE"] as const;
const routeOf = (routes: readonly (readonly [Method, string])[]) =>
  fc
    .constantFrom(...routes)
    .chain(([method, path]) =>
      fc.tuple(
        fc.oneof({ weight: 4, arbitrary: fc.constant(method) }, fc.constantFrom(...METHODS)),
        fc.constant(path),
      ),
    );

/** Staff of every role signed in, their cookies, and the cookies of nobody signed in. */
async function sessions(api: StaffApi) {
  const signedIn: string[] = [];
  for (const role of STAFF_ROLES) {
    signedIn.push((await signedInStaff(api, `${role}@example.com`, role)).cookie);
  }
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...signedIn) },
    fc.constantFrom(undefined, "staff_session=nonsense"),
  );
}

/** What a console route may answer: never a 5xx. (428: a change to a lead without If-Match.) */
const CONSOLE_ACCEPTABLE = new Set([
  200, 201, 202, 204, 400, 401, 403, 404, 405, 409, 413, 415, 428, 429,
]);

/** Sends generated requests to `routes` and expects each answer to be one a client acts on. */
async function fuzzRoutes(
  api: StaffApi,
  {
    routes,
    id,
    query,
    body,
    cookie,
  }: {
    routes: readonly (readonly [Method, string])[];
    id: fc.Arbitrary<string>;
    query: Params;
    body: readonly string[];
    cookie: fc.Arbitrary<string | undefined>;
  },
) {
  await fc.assert(
    fc.asyncProperty(
      routeOf(routes),
      id,
      queryOf(query),
      bodyOf(body),
      contentType,
      cookie,
      async ([method, path], recordId, search, payload, type, session) => {
        const res = await api.as(session).raw(method, `${withId(path, recordId)}?${search}`, {
          contentType: type,
          body: method !== "GET" ? JSON.stringify(payload) : undefined,
        });
        expect(
          CONSOLE_ACCEPTABLE.has(res.statusCode),
          `${method} ${path}?${search} ${JSON.stringify(payload)} → ${res.statusCode} ${res.body}`,
        ).toBe(true);
      },
    ),
    { numRuns: 1000 },
  );
}

/** Ids of records that are not there, or not ids at all. */
const recordId = fc.oneof(
  fc.constantFrom("", "..", "%00", "x y", "00000000-0000-0000-0000-000000000000"),
  fc.string({ maxLength: 80 }),
  fc.uuid(),
);

const ISO = ["2026-11-01", "2099-01-01T09:00:00Z"];
const PAGE: Params = {
  cursor: [encodeCursor({ createdAt: "2099-01-01T00:00:00.000Z", id: "x" })],
  limit: ["1", "50", "100"],
};

const ACCEPTABLE = new Set([202, 204, 400, 401, 403, 405, 413, 415]);

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

/** The lead inbox: leads that are there, and ids of none. */
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
/** A contact message and a demo request, so that searches, notes and changes reach the rows. */
async function addLeads(api: StaffApi): Promise<string[]> {
  const at = new Date().toISOString();
  return [
    await addContact(api, at, {
      phone: "0550000000",
      message: 'Rates for "abc def" NEAR(abc) and *all* schools',
    }),
    await addDemo(api, at, {
      product: "banking",
      page: "/schedule-banking-demo",
      company: "Susu (Co) OR abc",
      industry: "Finance",
    }),
  ];
}

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
      { numRuns: 300 },
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
          const res = await api.as(cookie).raw(method, withId(path, id), {
            contentType: type,
            body: method !== "GET" ? JSON.stringify(payload) : undefined,
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

/**
 * The console's areas under generated requests: every endpoint of each one's part of the
 * contract, the records they reach (added first; their ids drawn most often), and the query
 * parameters and body fields they read.
 */
const AREAS: readonly {
  name: string;
  routes: readonly (readonly [Method, string])[];
  ids: (api: StaffApi) => Promise<fc.Arbitrary<string>>;
  query: Params;
  body: readonly string[];
}[] = [
  {
    name: "lead inbox",
    routes: routesOf(leadsApi),
    ids: async (api) =>
      fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...(await addLeads(api))) }, leadId),
    query: {
      type: ["contact", "demo"],
      product: "text",
      status: ["new", "won"],
      owner: ["none", "sales@example.com"],
      q: "text",
      since: ISO,
      until: ISO,
      ...PAGE,
    },
    body: ["status", "owner", "text"],
  },
  {
    name: "console admin",
    routes: routesOf(
      accountsApi,
      auditApi,
      erasureApi,
      outboxApi,
      subscribersApi,
      suppressionsApi,
      teamApi,
    ),
    ids: async (api) => {
      // A second admin, so that changes to the first are not all refused as a lock-out.
      const other = await addStaff(api, "admin2@example.com", "admin");
      await api.db
        .insertInto("newsletter_subscriptions")
        .values(subscriptionRow("esi@example.com", "confirmed", new Date().toISOString()))
        .execute();
      const at = new Date().toISOString();
      await suppress(api.db, {
        email: "full@example.com",
        reason: "manual",
        at,
        detail: "",
        eventId: null,
      });
      const entry = await api.db
        .selectFrom("mail_suppressions")
        .select("id")
        .executeTakeFirstOrThrow();
      return fc.oneof(fc.constant(other.id), fc.constant(entry.id), recordId);
    },
    query: {
      status: ["pending", "confirmed"],
      q: "text",
      actor: ["admin@example.com"],
      action: "text",
      since: ISO,
      until: ISO,
      state: ["pending", "failed"],
      ...PAGE,
    },
    body: ["email", "role", "name", "disabled"],
  },
  {
    name: "marketing",
    routes: routesOf(reportsApi, welcomeApi, campaignsApi),
    ids: async (api) => {
      const marketing = await signedInStaff(api, "mkt2@example.com", "marketing");
      const created = await marketing.send("POST", staffApiPaths.campaigns, {
        subject: "Harmattan rates",
        markdown: "Hello **all**",
      });
      expect(created.statusCode, created.body).toBe(201);
      return fc.oneof({ weight: 3, arbitrary: fc.constant(String(created.json().id)) }, recordId);
    },
    query: { by: ["week", "product", "source", "campaign"], since: ISO, type: "text" },
    body: ["subject", "markdown", "at"],
  },
];

describe.each(testDialects)("console endpoints under generated input on $name", ({ url }) => {
  const api = useStaffApi(url);

  it.each(AREAS)(
    "$name: never answer 5xx, signed out or as any role",
    async (area) => {
      const cookie = await sessions(api);
      await fuzzRoutes(api, { ...area, id: await area.ids(api), cookie });
      // Whatever was sent, an enabled admin remains.
      expect((await enabledAdmins(api.db)).length).toBeGreaterThan(0);
    },
    60_000,
  );
});
