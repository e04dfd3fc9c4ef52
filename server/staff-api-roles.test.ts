/**
 * Who may use which staff route, written out once for every route the app registers, and checked
 * for every role and for a signed-out client: with well-formed requests route by route, then with
 * generated ones (any body, query, id) that must never get a 5xx nor read anything across roles.
 */
import fc from "fast-check";
import { fuzzRuns } from "../common/fuzz.testing";
import { describe, expect, it } from "vitest";
import type { Method } from "../staff-api/endpoint";
import { suppress } from "./newsletter/returns/returns";
import { sqliteOnly } from "./testing/lead-api";
import { STAFF_ROLES, type StaffRole } from "../staff-api/roles";
import { createSession } from "./staff/sign-in/sessions";
import { ANY_VERSION, withQuery, withId } from "./testing/staff-client";
import { addContact, addOutboxMessage, addSubscriber, contactRow } from "./testing/records";
import { auditOf } from "./testing/checks";
import { addStaff, signedInStaff, useStaffApi } from "./testing/staff-api";
import { campaignsApi } from "../staff-api/newsletter";
import { leadsApi } from "../staff-api/leads";
import { accountsApi, outboxApi } from "../staff-api/admin";
import { suppressionsApi } from "../staff-api/mail";
import { subscribersApi } from "../staff-api/subscribers";
import { CONTENT_APIS } from "../staff-api/publishing";

/** No session needed (the sign-in steps); otherwise the roles that may use the route. */
type Access = "public" | "any" | readonly StaffRole[];

const SALES: Access = ["sales", "admin"];
const MARKETING: Access = ["marketing", "admin"];
const ADMIN: Access = ["admin"];

/**
 * What a route records in the audit log when it answers someone's personal data (the action, and
 * the body of a well-formed request), or why it answers none: every answer that carries a
 * visitor's or a colleague's data is audited, whatever route gave it.
 */
type Audit =
  { records: string; body?: unknown; query?: Record<string, string> } | { answers: string };
const OWN = { answers: "the person's own session, account or passkeys" };
const CONTENT = { answers: "what marketing wrote, counts, and who last edited it" };
/** What a subscriber action answers: the outcome, without the member of staff who did it. */
const OUTCOME_ONLY = { answers: "what was done, never who" };

/** Publishing's routes, alike for each kind: marketing's, answering what marketing wrote. */
const PUBLISHING = Object.fromEntries(
  Object.values(CONTENT_APIS)
    .flatMap((api) => Object.values(api))
    .map((spec) => [`${spec.method} ${spec.path}`, [MARKETING, CONTENT] as const]),
);

/** The lead a merge goes into and a lead is told apart from, in the audit test below. */
const ANOTHER_ID = "00000000-0000-4000-8000-00000000000a";
const ANOTHER_LEAD = `contact_${ANOTHER_ID}`;

/** Each staff route, one row: who may use it, and what it records. */
const MATRIX: Record<string, readonly [Access, Audit]> = {
  "POST /api/staff/sign-in/email": ["public", { answers: "the same words to everyone" }],
  "POST /api/staff/sign-in/email/verify": ["public", OWN],
  "POST /api/staff/sign-in/passkey/options": ["public", { answers: "a challenge" }],
  "POST /api/staff/sign-in/passkey/verify": ["public", OWN],
  "GET /api/staff/me": ["any", OWN],
  "GET /api/staff/me/invitation": ["any", OWN],
  "PATCH /api/staff/me": ["any", { records: "staff.away-changed", body: { away: true } }],
  "POST /api/staff/sign-out": ["any", OWN],
  "POST /api/staff/sign-out-everywhere": ["any", OWN],
  "GET /api/staff/passkeys": ["any", OWN],
  "POST /api/staff/passkeys/register/options": ["any", OWN],
  "POST /api/staff/passkeys/register/verify": ["any", OWN],
  "PATCH /api/staff/passkeys/:id": ["any", OWN],
  "DELETE /api/staff/passkeys/:id": ["any", OWN],
  "GET /api/staff/leads": [SALES, { records: "lead.list" }],
  "GET /api/staff/leads.csv": [SALES, { records: "lead.export" }],
  "GET /api/staff/leads.xlsx": [SALES, { records: "lead.export" }],
  "GET /api/staff/leads/stats": [SALES, { records: "lead.stats" }],
  "GET /api/staff/leads/:id": [SALES, { records: "lead.view" }],
  // Changing nothing, it still answers the whole lead, notes and all.
  "PATCH /api/staff/leads/:id": [SALES, { records: "lead.view", body: {} }],
  // A lead named at a version it no longer has is answered as it now is: read, so recorded. The
  // item's ":id" is the lead's, as in an address.
  "PATCH /api/staff/leads": [
    SALES,
    { records: "lead.view", body: { items: [{ id: ":id", version: "old" }], status: "won" } },
  ],
  "POST /api/staff/leads/:id/notes": [
    SALES,
    { records: "lead.note-added", body: { text: "Called" } },
  ],
  "POST /api/staff/leads/:id/replies": [
    SALES,
    { records: "lead.replied", body: { text: "Thank you for writing" } },
  ],
  // Both answer about two leads: telling them apart says so, a merge answers the lead merged.
  "POST /api/staff/leads/:id/distinct": [
    SALES,
    { records: "lead.marked-distinct", body: { from: ANOTHER_LEAD } },
  ],
  "POST /api/staff/leads/:id/merge": [
    SALES,
    { records: "lead.merged", body: { into: ANOTHER_LEAD } },
  ],
  "GET /api/staff/leads/counts": [SALES, { answers: "counts of the person's own desk" }],
  "POST /api/staff/leads/visits": [SALES, { answers: "when the person last viewed the inbox" }],
  "GET /api/staff/leads/:id/neighbours": [
    SALES,
    { answers: "two leads' ids; opening either is audited as lead.view" },
  ],
  "GET /api/staff/saved-filters": [SALES, { answers: "the person's own saved filters" }],
  "POST /api/staff/saved-filters": [SALES, { answers: "the person's own saved filter" }],
  "DELETE /api/staff/saved-filters/:id": [SALES, { answers: "nothing (204)" }],
  "GET /api/staff/team": [
    ["sales", "marketing", "admin"],
    { answers: "colleagues a lead can be given to or an article credited to, by name" },
  ],
  "GET /api/staff/subscribers": [MARKETING, { records: "subscriber.list" }],
  "GET /api/staff/subscribers.csv": [MARKETING, { records: "subscriber.export" }],
  // The search can tell whether an address is on the list.
  "GET /api/staff/subscribers/counts": [MARKETING, { records: "subscriber.count" }],
  "POST /api/staff/subscribers/:id/confirmation": [MARKETING, OUTCOME_ONLY],
  "POST /api/staff/subscribers/:id/unsubscribe": [MARKETING, OUTCOME_ONLY],
  "GET /api/staff/subscribers/:id/consent": [MARKETING, { records: "subscriber.consent-viewed" }],
  "POST /api/staff/subscribers/:id/address": [MARKETING, OUTCOME_ONLY],
  "GET /api/staff/reports/leads": [MARKETING, { answers: "counts" }],
  "GET /api/staff/reports/response-times": [
    MARKETING,
    { answers: "counts and durations, by the owners' staff addresses" },
  ],
  "GET /api/staff/newsletter/welcome": [MARKETING, CONTENT],
  "PUT /api/staff/newsletter/welcome": [MARKETING, CONTENT],
  "POST /api/staff/newsletter/welcome/test": [
    MARKETING,
    { records: "newsletter.welcome-test-sent", body: { subject: "Hi", markdown: "Hello" } },
  ],
  "POST /api/staff/newsletter/preview": [MARKETING, CONTENT],
  "GET /api/staff/campaigns": [MARKETING, CONTENT],
  "POST /api/staff/campaigns": [MARKETING, CONTENT],
  "GET /api/staff/campaigns/:id": [MARKETING, CONTENT],
  "PATCH /api/staff/campaigns/:id": [MARKETING, CONTENT],
  "POST /api/staff/campaigns/:id/test": [MARKETING, { records: "campaign.test-sent", body: {} }],
  "POST /api/staff/campaigns/:id/send": [MARKETING, CONTENT],
  "POST /api/staff/campaigns/:id/pause": [MARKETING, CONTENT],
  "POST /api/staff/campaigns/:id/resume": [MARKETING, CONTENT],
  "POST /api/staff/campaigns/:id/cancel": [MARKETING, CONTENT],
  "POST /api/staff/campaigns/:id/retry": [MARKETING, CONTENT],
  "GET /api/staff/campaigns/:id/recipients.csv": [
    MARKETING,
    { records: "campaign.recipients-export" },
  ],
  "GET /api/staff/campaigns/:id/recipients.xlsx": [
    MARKETING,
    { records: "campaign.recipients-export" },
  ],
  "GET /api/staff/accounts": [ADMIN, { records: "account.list" }],
  "POST /api/staff/accounts": [
    ADMIN,
    { records: "staff.account-added", body: { email: "invited@example.com", role: "sales" } },
  ],
  "PATCH /api/staff/accounts/:id": [ADMIN, { records: "account.view", body: {} }],
  "POST /api/staff/accounts/:id/invitation": [
    ADMIN,
    { records: "staff.invitation-resent", body: {} },
  ],
  "GET /api/staff/audit": [ADMIN, { records: "audit.viewed" }],
  "GET /api/staff/audit.csv": [ADMIN, { records: "audit.export" }],
  "GET /api/staff/audit/actions": [ADMIN, { answers: "the names of the actions in the log" }],
  "POST /api/staff/forget": [
    ADMIN,
    { records: "person.erased", body: { email: "nobody@example.com" } },
  ],
  "GET /api/staff/people/export": [
    ADMIN,
    { records: "person.exported", query: { email: "asked-for-their-data@example.com" } },
  ],
  "GET /api/staff/outbox": [ADMIN, { records: "outbox.viewed" }],
  "POST /api/staff/outbox/:id/retry": [ADMIN, { records: "outbox.retried", body: {} }],
  "GET /api/staff/suppressions": [MARKETING, { records: "suppression.list" }],
  "POST /api/staff/suppressions": [
    MARKETING,
    { records: "suppression.added", body: { email: "asked-by-phone@example.com" } },
  ],
  "DELETE /api/staff/suppressions/:id": [MARKETING, { records: "suppression.lifted" }],
  "GET /api/staff/service-hours": [ADMIN, { answers: "the team's hours, holidays and targets" }],
  "PUT /api/staff/service-hours": [ADMIN, { answers: "the team's hours, holidays and targets" }],
  "GET /api/staff/mail/domain": [ADMIN, { answers: "the sending domain's DNS records" }],
  "GET /api/staff/mail/templates": [ADMIN, { answers: "the kinds of e-mail, by name" }],
  "GET /api/staff/mail/templates/:kind": [ADMIN, { answers: "an e-mail of invented people" }],
  "GET /api/staff/routing": [ADMIN, { answers: "colleagues' addresses, as the team list does" }],
  "PUT /api/staff/routing": [ADMIN, { records: "routing.changed", body: { rules: [] } }],
  ...PUBLISHING,
  "GET /api/staff/media": [
    MARKETING,
    { answers: "the pictures, and which colleague uploaded each" },
  ],
  "POST /api/staff/media": [MARKETING, { answers: "the picture uploaded" }],
  "DELETE /api/staff/media/:id": [MARKETING, { answers: "nothing (204), or where it is used" }],
};

const ROUTES = Object.entries(MATRIX).map(([key, [access, audit]]) => {
  const [method, path] = key.split(" ") as [Method, string];
  return { key, method, path, access, audit };
});

const allows = (access: Access, role: StaffRole | null) =>
  access === "public" || (role !== null && (access === "any" || access.includes(role)));

/**
 * The "METHOD /api/staff/…" routes the app registers, read from Fastify's printed route tree
 * (each line: the tree's indentation, a path segment, its methods). HEAD mirrors GET.
 */
function registeredStaffRoutes(tree: string): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split("\n")) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+) \(([^)]*)\)/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    stack.length = depth;
    stack.push(match[2] ?? "");
    const path = stack.join("");
    if (!path.startsWith("/api/staff/")) continue;
    for (const method of (match[3] ?? "").split(", ")) {
      if (method !== "HEAD") found.push(`${method} ${path}`);
    }
  }
  return found.toSorted();
}

/** What a refused answer may say: why, never a record. */
const REFUSAL_KEYS = new Set(["error", "fields", "message", "statusCode", "code"]);

/** An id of no record, for the addresses that take one. */
const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

describe.each(sqliteOnly)("the staff role matrix on $name", ({ url }) => {
  const api = useStaffApi(url);

  /**
   * Sends `body` as JSON (`{}` when left out) unless the method takes none, as `cookie`; a change
   * to a lead names any version (If-Match: *), which it must.
   */
  function request(method: Method, address: string, cookie: string | undefined, body?: unknown) {
    const sendsBody = method !== "GET" && method !== "DELETE";
    return api.as(cookie).raw(
      method,
      address,
      sendsBody
        ? {
            contentType: "application/json",
            body: JSON.stringify(body ?? {}),
            headers: ANY_VERSION,
          }
        : {},
    );
  }

  async function cookies() {
    const byRole = new Map<StaffRole | null, string | undefined>([[null, undefined]]);
    for (const role of STAFF_ROLES) {
      const { cookie } = await signedInStaff(api, `${role}-matrix@example.com`, role);
      byRole.set(role, cookie);
    }
    return byRole;
  }

  it("names every staff route the app registers, and only those", () => {
    const tree = api.app.printRoutes({ commonPrefix: false });
    expect(registeredStaffRoutes(tree)).toEqual(Object.keys(MATRIX).toSorted());
  });

  it("refuses each route to a signed-out client (401) and to the roles it does not list (403)", async () => {
    const accounts = new Map<StaffRole, string>();
    for (const role of STAFF_ROLES) {
      const { account } = await signedInStaff(api, `${role}-matrix@example.com`, role);
      accounts.set(role, account.id);
    }
    for (const { method, path, access } of ROUTES) {
      for (const role of [null, ...STAFF_ROLES]) {
        // A session of its own for each request: a sign-out must not spoil the next one.
        const accountId = role && accounts.get(role);
        const cookie = accountId
          ? `staff_session=${(await createSession(api.db, accountId, api.clock.now)).secret}`
          : undefined;
        const res = await request(method, withId(path, NO_SUCH_ID), cookie);
        const where = `${method} ${path} as ${role ?? "signed out"} → ${res.statusCode}`;
        expect(res.statusCode, where).toBeLessThan(500);
        if (allows(access, role)) {
          expect([401, 403], where).not.toContain(res.statusCode);
        } else {
          expect(res.statusCode, where).toBe(role === null ? 401 : 403);
          expect(Object.keys(res.json()), where).toEqual(["error"]);
        }
      }
    }
  });

  it("never answers 5xx nor shows a record to a role it refuses, whatever is sent", async () => {
    const byRole = [...(await cookies()).entries()];
    const value = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.constantFrom("ama@example.com", "won", "admin", "none", "%", "__proto__"),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.constantFrom(...byRole),
        fc.oneof(fc.dictionary(fc.string({ maxLength: 10 }), value, { maxKeys: 4 }), value),
        fc.dictionary(
          fc.constantFrom("q", "status", "type", "owner", "cursor", "limit", "since", "actor"),
          fc.string({ maxLength: 20 }),
          { maxKeys: 3 },
        ),
        fc.oneof(fc.uuid(), fc.string({ maxLength: 40 }), fc.constantFrom("demo_x", "..")),
        async (route, [role, cookie], body, query, id) => {
          const address = withQuery(withId(route.path, id), query);
          const res = await request(route.method, address, cookie, body);
          const where = `${route.method} ${route.path} as ${role ?? "signed out"} → ${res.statusCode}`;
          expect(res.statusCode, where).toBeLessThan(500);
          if (!allows(route.access, role)) {
            expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
            const keys = Object.keys(res.json() as object);
            expect(
              keys.every((key) => REFUSAL_KEYS.has(key)),
              `${where} ${res.body}`,
            ).toBe(true);
          }
        },
      ),
      fuzzRuns(400),
    );
  }, 120_000);

  it("records every answer that carries personal data in the audit log, route by route", async () => {
    const { cookie, account } = await signedInStaff(api, "admin-audit@example.com", "admin");
    const { account: colleague } = await signedInStaff(api, "sales-audit@example.com", "sales");
    // Only an account that has never signed in can be sent its invitation again.
    const invitee = await addStaff(api, "invitee-audit@example.com");
    const at = api.clock.now.toISOString();
    const lead = await addContact(api, at, { phone: "0550000000", message: "Hello" });
    await api.db
      .insertInto("contact_messages")
      .values({ ...contactRow(at, { email: "another@example.com" }), id: ANOTHER_ID })
      .execute();
    const message = await addOutboxMessage(api, at, {
      payload: { to: "esi@example.com", subject: "Confirm", text: "x", params: {} },
      lastError: "550",
    });
    const campaign = await request("POST", campaignsApi.create.path, cookie, {
      subject: "Rates",
      markdown: "Hello",
    });
    await api.db.deleteFrom("mail_suppressions").execute();
    await suppress(api.db, {
      email: "full@example.com",
      reason: "soft-bounce",
      at,
      detail: "452 4.2.2 Mailbox full",
      eventId: null,
    });
    const suppression = await api.db
      .selectFrom("mail_suppressions")
      .select("id")
      .executeTakeFirstOrThrow();
    const ids: Record<string, string> = {
      [leadsApi.get.path]: lead,
      [leadsApi.addNote.path]: lead,
      [leadsApi.updateMany.path]: lead,
      [leadsApi.reply.path]: lead,
      [leadsApi.distinct.path]: lead,
      [leadsApi.merge.path]: lead,
      [accountsApi.change.path]: colleague.id,
      [accountsApi.resendInvitation.path]: invitee.id,
      [outboxApi.retry.path]: message,
      [campaignsApi.test.path]: String(campaign.json().id),
      [suppressionsApi.lift.path]: suppression.id,
      [campaignsApi.recipientsCsv.path]: String(campaign.json().id),
      [campaignsApi.recipientsXlsx.path]: String(campaign.json().id),
      [subscribersApi.consent.path]: await addSubscriber(api, at, { email: "yaa@example.com" }),
    };
    for (const { key, method, path, audit } of ROUTES) {
      if (!("records" in audit)) continue;
      const entries = () => auditOf(api, account.id, audit.records);
      const before = (await entries()).length;
      const address = withQuery(path.replace(":id", ids[path] ?? ""), audit.query);
      const body = JSON.stringify(audit.body ?? {}).replaceAll('":id"', `"${ids[path] ?? ""}"`);
      const res = await request(method, address, cookie, JSON.parse(body));
      expect(res.statusCode, `${key}: ${res.body}`).toBeLessThan(300);
      expect((await entries()).length, `${key} records ${audit.records}`).toBe(before + 1);
    }
  });
});
