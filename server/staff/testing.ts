/**
 * The staff API tests' kit: the app on a fresh database with a clock the tests move, its clients
 * (signed in or out, ./test-requests.ts), and checks of answers against the contract. Rows to
 * store directly are in ./test-records.ts.
 */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import * as z from "zod/mini";
import { Failed } from "../../staff-api/answers";
import type { EndpointSpec, Method } from "../../staff-api/endpoint";
import type { StaffRole } from "../../staff-api/roles";
import { buildApp } from "../app";
import type { Config } from "../config";
import type { DB } from "../db/database";
import { createDeliveries } from "../deliveries";
import type { OutboxWorker } from "../mail/outbox";
import { emptyLeadTables, recordingTransport, testConfig, testDatabase } from "../testing";
import { addAccount } from "./admin/accounts";
import { staffApiPaths } from "./paths";
import type { SignInLimits } from "./sign-in/rate-limit";
import { createSession } from "./sign-in/sessions";
import { type ClientOptions, type StaffClient, staffClient } from "./test-requests";

/** The tests' site: plain HTTP on localhost, as on a developer's machine. */
export const STAFF_SITE = "http://localhost:3000";

export interface StaffApi {
  app: FastifyInstance;
  db: DB;
  outbox: OutboxWorker;
  transport: ReturnType<typeof recordingTransport>;
  /** The clock of links and sessions; reset to the real time before each test. */
  clock: { now: Date };
  advance: (ms: number) => void;
  /** Builds one more app on the same database (another server instance). */
  anotherInstance: () => Promise<FastifyInstance>;
  /** A client sending `cookie` (a session's, or any text a test sends as one). */
  as: (cookie: string | undefined, options?: ClientOptions) => StaffClient;
  /** A client with no session. */
  signedOut: (options?: ClientOptions) => StaffClient;
}

export function useStaffApi(
  databaseUrl: string | undefined,
  { limits = null, config = {} }: { limits?: SignInLimits | null; config?: Partial<Config> } = {},
): StaffApi {
  const extraApps: FastifyInstance[] = [];
  const api = {
    transport: recordingTransport(),
    clock: { now: new Date() },
    advance: (ms: number) => {
      api.clock.now = new Date(api.clock.now.getTime() + ms);
    },
  } as StaffApi;
  const staffConfig = testConfig({
    publicUrl: STAFF_SITE,
    allowedOrigins: [STAFF_SITE],
    ...config,
  });
  const build = () =>
    buildApp({
      config: staffConfig,
      db: api.db,
      outbox: api.outbox,
      // Every answer of a route registered from the contract is checked against it.
      staff: { limits, now: () => api.clock.now, signInAnswerMs: 0, checkAnswers: true },
    });
  const client = (
    cookie: string | undefined,
    { app, origin = STAFF_SITE, ...rest }: ClientOptions,
  ) => staffClient(() => app ?? api.app, cookie, { origin, ...rest });
  api.as = (cookie, options = {}) => client(cookie, options);
  api.signedOut = (options = {}) => client(undefined, options);
  api.anotherInstance = async () => {
    const app = await build();
    extraApps.push(app);
    return app;
  };
  beforeAll(async () => {
    api.db = await testDatabase(databaseUrl);
    // The outbox on the tests' clock too, so mail sent "later" is due.
    api.outbox = createDeliveries(
      { db: api.db, transport: api.transport, config: staffConfig },
      { log: { info() {}, warn() {}, error() {} }, pollMs: 60_000, now: () => api.clock.now },
    );
    api.app = await build();
  });
  afterAll(async () => {
    for (const app of [api.app, ...extraApps]) await app.close();
    await api.db.destroy();
  });
  beforeEach(async () => {
    api.transport.sent.length = 0;
    api.clock.now = new Date();
    // Everything but the audit log, which cannot be emptied: tests tell entries apart by account.
    for (const table of ["lead_events", "lead_states"] as const) {
      await api.db.deleteFrom(table).execute();
    }
    await emptyLeadTables(api.db);
    for (const table of [
      "staff_passkey_challenges",
      "staff_rate_limits",
      "staff_sessions",
      "staff_sign_in_tokens",
      "staff_accounts",
    ] as const) {
      await api.db.deleteFrom(table).execute();
    }
  });
  return api;
}

/** Adds an account at the tests' clock time. */
export function addStaff(api: StaffApi, email: string, role: StaffRole = "sales", name?: string) {
  return addAccount(api.db, { email, role, name }, { via: "test", now: api.clock.now }).then(
    (result) => result.account,
  );
}

/**
 * An account with a session at the tests' clock time: the account, the cookie that carries the
 * session, and a client that sends it.
 */
export async function signedInStaff(
  api: StaffApi,
  email: string,
  role: StaffRole,
  options?: ClientOptions,
) {
  const account = await addStaff(api, email, role);
  const { secret } = await createSession(api.db, account.id, api.clock.now);
  const client = api.as(`staff_session=${secret}`, options);
  return { ...client, account, cookie: client.cookie as string };
}

/**
 * Parses `body` as the console would, with the contract's schema of its status (strict objects),
 * failing the test when the endpoint lists no such status or the body is not exactly that.
 */
export function parsedAnswer<S extends z.ZodMiniType>(schema: S | undefined, body: unknown) {
  expect(schema, "the endpoint lists this status").toBeDefined();
  const result = z.safeParse(schema as S, body);
  expect(result.success, result.success ? "" : z.prettifyError(result.error)).toBe(true);
  return result.data as z.output<S>;
}

/** Checks that `res` answered `status` with exactly the body `spec` lists for it; that body. */
export function answered<E extends EndpointSpec, S extends number>(
  spec: E,
  res: LightMyRequestResponse,
  status: S,
): z.output<E["answers"][S]> {
  expect(res.statusCode, `${spec.method} ${spec.path}: ${res.body}`).toBe(status);
  return parsedAnswer(spec.answers[status], res.json());
}

/** Checks that `res` is a refusal with `status` and the contract's `{error}` body. */
export function refusedWith(status: number, res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(status);
  parsedAnswer(Failed, res.json());
}

/**
 * Sends one request signed out, with a cookie that is no session's, and as each member of
 * `staff`: 401, 401, then 403 to each role not `allowed` (all of them first, so that a refused
 * request must change nothing the allowed ones then do), and `ok` to the allowed ones in turn.
 */
export async function expectAccess(
  api: StaffApi,
  staff: Partial<Record<StaffRole, StaffClient>>,
  { method, path, body }: { method: Method; path: string; body?: unknown },
  { allowed, ok }: { allowed: readonly StaffRole[]; ok: number },
) {
  const request = `${method} ${path}`;
  expect((await api.signedOut().send(method, path, body)).statusCode, `${request} signed out`).toBe(
    401,
  );
  const nonsense = await api.as("staff_session=nonsense").send(method, path, body);
  expect(nonsense.statusCode, `${request} with no session's cookie`).toBe(401);
  const members = Object.entries(staff) as [StaffRole, StaffClient][];
  for (const [role, client] of members.filter(([role]) => !allowed.includes(role))) {
    expect((await client.send(method, path, body)).statusCode, `${request} ${role}`).toBe(403);
  }
  for (const [role, client] of members.filter(([role]) => allowed.includes(role))) {
    const res = await client.send(method, path, body);
    expect(res.statusCode, `${request} ${role}: ${res.body}`).toBe(ok);
  }
}

/** A page of a staff list: leads, subscribers, the outbox, the audit log. */
export interface ListPage {
  items: Record<string, unknown>[];
  nextCursor: string | null;
}

/** Follows `nextCursor` from the first page to the last: every item, and how many pages. */
export async function everyPage<T>(
  page: (cursor: string | null) => Promise<{ items: T[]; nextCursor: string | null }>,
) {
  const items: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const next: { items: T[]; nextCursor: string | null } = await page(cursor);
    items.push(...next.items);
    cursor = next.nextCursor;
    pages++;
  } while (cursor);
  return { items, pages };
}

/**
 * Pages through a list with `page` and expects each of `expected` (ids) exactly once, newest
 * first by `timeField`; how many pages it took.
 */
export async function expectEachOnceNewestFirst(
  page: (cursor: string | null) => Promise<ListPage>,
  expected: readonly string[],
  timeField: string,
): Promise<number> {
  const { items, pages } = await everyPage(page);
  const ids = items.map((item) => String(item.id));
  expect(ids).toHaveLength(expected.length);
  expect(new Set(ids)).toEqual(new Set(expected));
  const times = items.map((item) => String(item[timeField]));
  expect(times).toEqual(times.toSorted().reverse());
  return pages;
}

/** Asks for a sign-in link for `email`, signed out. */
export function requestSignInLink(api: StaffApi, email: string, options?: ClientOptions) {
  return api.signedOut(options).send("POST", staffApiPaths.requestLink, { email });
}

/** Signs in with a link's `token` (or whatever a test sends as one), signed out. */
export function verifySignInLink(api: StaffApi, token: unknown, options?: ClientOptions) {
  return api.signedOut(options).send("POST", staffApiPaths.verify, { token });
}

/** Sends the outbox; the tokens of the sign-in links mailed to `email`, oldest first. */
export async function mailedSignInTokens(api: StaffApi, email: string): Promise<string[]> {
  await api.outbox.runOnce();
  const link = new RegExp(`${STAFF_SITE}/staff/sign-in\\?token=([\\w-]+)`);
  return api.transport.sent.filter((m) => m.to === email).map((m) => link.exec(m.text)?.[1] ?? "");
}

/** Sends the outbox; the token of the last sign-in link mailed to `email`. */
export async function mailedSignInToken(api: StaffApi, email: string): Promise<string> {
  const token = (await mailedSignInTokens(api, email)).at(-1);
  if (!token) throw new Error(`no sign-in link mailed to ${email}`);
  return token;
}
