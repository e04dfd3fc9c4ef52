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
import { accountsApi, erasureApi, outboxApi, teamApi } from "../staff-api/admin";
import { auditApi } from "../staff-api/audit";
import type { EndpointSpec, Method } from "../staff-api/endpoint";
import { leadsApi } from "../staff-api/leads";
import { campaignsApi, welcomeApi } from "../staff-api/newsletter";
import { mediaApi } from "../staff-api/media";
import { reportsApi } from "../staff-api/reports";
import { serviceHoursApi } from "../staff-api/service-hours";
import { routingApi } from "../staff-api/routing";
import { savedFiltersApi } from "../staff-api/saved-filters";
import { suppressionsApi } from "../staff-api/mail";
import { subscribersApi } from "../staff-api/subscribers";
import { articlesApi, caseStudiesApi, positionsApi } from "../staff-api/publishing";
import { encodeCursor } from "./http/page-cursor";
import { suppress } from "./newsletter/returns/returns";
import { subscriptionRow, testDialects } from "./testing/lead-api";
import { addContact, addDemo, enabledAdmins } from "./testing/records";
import { type StaffApi, addStaff, signedInStaff, useStaffApi } from "./testing/staff-api";
import { text, value, contentType, sessions } from "./testing/fuzz.testing";
import { withId } from "./testing/staff-client";

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
    fuzzRuns(1000),
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
    routes: routesOf(leadsApi, savedFiltersApi),
    ids: async (api) =>
      fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...(await addLeads(api))) }, leadId),
    query: {
      type: ["contact", "demo"],
      view: ["mine", "unassigned"],
      product: "text",
      status: ["new", "won"],
      owner: ["none", "sales@example.com"],
      q: "text",
      since: ISO,
      until: ISO,
      ...PAGE,
    },
    body: ["status", "owner", "text", "name", "query"],
  },
  {
    name: "console admin",
    routes: routesOf(
      accountsApi,
      auditApi,
      erasureApi,
      outboxApi,
      serviceHoursApi,
      subscribersApi,
      suppressionsApi,
      teamApi,
      routingApi,
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
    body: ["email", "role", "name", "disabled", "days", "holidays", "targets", "timezone", "rules"],
  },
  {
    name: "marketing",
    routes: routesOf(reportsApi, welcomeApi, campaignsApi, mediaApi),
    ids: async (api) => {
      const marketing = await signedInStaff(api, "mkt2@example.com", "marketing");
      const created = await marketing.call(campaignsApi.create, {
        body: {
          subject: "Harmattan rates",
          markdown: "Hello **all**",
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      return fc.oneof({ weight: 3, arbitrary: fc.constant(String(created.json().id)) }, recordId);
    },
    query: { by: ["week", "product", "source", "campaign"], since: ISO, type: "text" },
    body: ["subject", "markdown", "at"],
  },
  {
    name: "publishing",
    routes: routesOf(articlesApi, caseStudiesApi, positionsApi),
    ids: async (api) => {
      const marketing = await signedInStaff(api, "mkt3@example.com", "marketing");
      const created = await marketing.call(articlesApi.create, {
        body: { title: "Harmattan rates", summary: "Fees", markdown: "Hello **all**" },
      });
      expect(created.statusCode, created.body).toBe(201);
      return fc.oneof({ weight: 3, arbitrary: fc.constant(String(created.json().id)) }, recordId);
    },
    query: { since: ISO, until: ISO },
    body: ["title", "summary", "markdown", "slug", "tags", "coverImage", "coverAlt", "at"],
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
