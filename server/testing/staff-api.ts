/**
 * The staff API tests' kit: the app on a fresh database with a clock the tests move, members of
 * staff signed in, and signing in by link. Its clients are in ./staff-client.ts, what tests
 * check of answers (the contract, roles, paging, the audit log) in ./checks.ts, rows to store
 * directly in ./records.ts.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { StaffRole } from "../../staff-api/roles";
import { buildApp } from "../app";
import type { Config } from "../config";
import type { DB } from "../db/database";
import { createDeliveries } from "../mail/deliveries";
import type { OutboxWorker } from "../mail/outbox";
import { emptyLeadTables, recordingTransport, testConfig, testDatabase } from "./lead-api";
import { addAccount } from "../staff/accounts/accounts";
import { getLead } from "../leads/inbox/lead-detail";
import { readRules } from "../leads/routing/rules";
import { recordVersionAt } from "./record-versions";
import { routingApi } from "../../staff-api/routing";
import type { SignInLimits } from "../staff/sign-in/rate-limit";
import { createSession } from "../staff/sign-in/sessions";
import { type ClientOptions, type StaffClient, staffClient, unchecked } from "./staff-client";
import { sessionApi } from "../../staff-api/session";

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
  {
    limits = null,
    config = {},
    logStream,
  }: {
    limits?: SignInLimits | null;
    config?: Partial<Config>;
    /** Where the app's log goes (with config.logLevel): a test that reads the log. */
    logStream?: NodeJS.WritableStream;
  } = {},
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
      ...(logStream ? { logStream } : {}),
      // Every answer of a route registered from the contract is checked against it.
      staff: { limits, now: () => api.clock.now, signInAnswerMs: 0, checkAnswers: true },
    });
  // A record's version read straight from the database: a GET of a lead would be audited.
  const currentVersion = async (path: string) => {
    if (path === routingApi.update.path) return (await readRules(api.db)).version;
    const version = await recordVersionAt(api.db, path);
    if (version !== undefined) return version;
    // A lead's address, or an action on it (`/api/staff/leads/<id>/merge`): the lead's id.
    const lead = /^\/api\/staff\/leads\/([^/]+)/.exec(path)?.[1];
    const id = decodeURIComponent(lead ?? path.slice(path.lastIndexOf("/") + 1));
    // No such lead (or no lead's address): any version, for the route to answer as it does.
    return (await getLead(api.db, id, api.clock.now).catch(() => null))?.version ?? "0";
  };
  const client = (
    cookie: string | undefined,
    { app, origin = STAFF_SITE, ...rest }: ClientOptions,
  ) => staffClient(() => app ?? api.app, cookie, { origin, currentVersion, ...rest });
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
    for (const table of [
      // Publishing's items and the media library their covers come from.
      "content_slugs",
      "content_revisions",
      "content_items",
      "media_variants",
      "media",
      "lead_events",
      "lead_states",
      "lead_escalations",
      "lead_routing_rules",
    ] as const) {
      await api.db.deleteFrom(table).execute();
    }
    // The service hours back to the published ones and default targets (the holidays stay).
    await api.db.updateTable("service_hours").set({ value: null }).execute();
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

/** As signedInStaff, for one who gave their name (which their mail and bylines then show). */
export async function signedInStaffNamed(
  api: StaffApi,
  email: string,
  role: StaffRole,
  name: string,
) {
  const client = await signedInStaff(api, email, role);
  await api.db
    .updateTable("staff_accounts")
    .set({ name })
    .where("id", "=", client.account.id)
    .execute();
  return client;
}

/** Asks for a sign-in link for `email`, signed out. */
export function requestSignInLink(api: StaffApi, email: string, options?: ClientOptions) {
  return api.signedOut(options).call(sessionApi.requestLink, { body: { email } });
}

/** Signs in with a link's `token` (or whatever a test sends as one), signed out. */
export function verifySignInLink(api: StaffApi, token: unknown, options?: ClientOptions) {
  return api.signedOut(options).call(sessionApi.verify, { body: unchecked({ token }) });
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
