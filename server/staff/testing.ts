/** Builders for the staff tests: the app on a fresh database, with a clock the tests move. */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import * as z from "zod/mini";
import { buildApp } from "../app";
import type { Config } from "../config";
import type { DB } from "../db/database";
import { createDeliveries } from "../deliveries";
import type { OutboxWorker } from "../mail/outbox";
import { recordingTransport, testConfig, testDatabase } from "../testing";
import { addAccount } from "./admin/accounts";
import type { SignInLimits } from "./sign-in/rate-limit";
import type { StaffRole } from "../../staff-api/roles";
import { createSession } from "./sign-in/sessions";

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
      "lead_events",
      "lead_states",
      "contact_messages",
      "demo_requests",
      "newsletter_subscriptions",
      "outbox",
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

/** An account with a session at the tests' clock time, and the cookie that carries it. */
export async function signedInStaff(api: StaffApi, email: string, role: StaffRole) {
  const account = await addStaff(api, email, role);
  const { secret } = await createSession(api.db, account.id, api.clock.now);
  return { account, cookie: `staff_session=${secret}` };
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
