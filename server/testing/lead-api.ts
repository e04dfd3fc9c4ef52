/** Builders for tests: a config, a migrated database, a transport that records what it sends. */
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe } from "vitest";
import { buildApp } from "../app";
import type { Contact } from "../../leads/contact";
import type { DemoRequest } from "../../leads/demo";
import { emailKey } from "../../leads/email";
import type { Config } from "../config";
import { DEFAULT_RETENTION } from "../../common/retention";
import type { SubscriptionStatus } from "../db/schema";
import type { DB } from "../db/database";
import { saveContact, saveDemoRequest } from "../leads/store";
import { subscribe } from "../newsletter/subscribers/lifecycle";
import type { MailMessage } from "../mail/message";
import { contactNotification } from "../mail/emails/contact-notification";
import { demoNotification } from "../mail/emails/demo-notification";
import { newsletterConfirmation } from "../mail/emails/newsletter-confirmation";
import { type OutboxOptions, type OutboxWorker, createOutboxWorker } from "../mail/outbox";
import type { MailTransport } from "../mail/transports";
import type { PageRenderer } from "../static/page-renderer";
import type { SiteFiles } from "../static/site-files";
import { sqliteOnly, testDatabase, testDialects } from "../db/testing/databases";

export {
  freshSchemaUrl,
  postgresTestUrl,
  sqliteOnly,
  testDatabase,
  testDialects,
  useTestDatabase,
} from "../db/testing/databases";

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    host: "127.0.0.1",
    port: 0,
    dataDir: "/tmp/unused",
    siteDir: "/tmp/unused",
    logLevel: "silent",
    publicUrl: "https://site.test",
    allowedOrigins: ["https://site.test"],
    mail: { transport: "file", dir: "/tmp/unused" },
    mailFrom: "Test <no-reply@site.test>",
    salesEmail: "sales@site.test",
    rateLimit: { max: 0, windowMs: 60_000 },
    trustProxy: false,
    outbox: { pollMs: 1_000, maxAttempts: 3, leaseMs: 60_000 },
    newsletter: { sendPerMinute: 60 },
    staffSessions: { idleMinutes: 30, maxHours: 12 },
    staffEmailDomains: [],
    alerts: {},
    deliverability: {},
    retention: DEFAULT_RETENTION,
    ...overrides,
  };
}

/**
 * A newsletter subscription row as the sign-up and confirmation leave it, for tests and benches
 * that need many subscribers at once (stored with insertInto("newsletter_subscriptions")).
 */
export function subscriptionRow(email: string, status: SubscriptionStatus, at: string) {
  return {
    id: randomUUID(),
    email,
    email_key: emailKey(email),
    status,
    confirm_token: randomUUID(),
    unsubscribe_token: randomUUID().replace(/-/g, ""),
    consent_at: at,
    confirmed_at: status === "pending" ? null : at,
    unsubscribed_at: status === "unsubscribed" ? at : null,
    source: "/",
    created_at: at,
    updated_at: at,
  };
}

/** A subscription's status now, read from the database. */
export async function subscriptionStatus(db: DB, id: string): Promise<SubscriptionStatus> {
  const { status } = await db
    .selectFrom("newsletter_subscriptions")
    .select("status")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return status;
}

/** Records messages instead of sending them; `failWith` makes every send throw. */
export function recordingTransport(): MailTransport & {
  sent: MailMessage[];
  failWith: Error | null;
} {
  const transport = {
    name: "recording",
    sent: [] as MailMessage[],
    failWith: null as Error | null,
    async send(message: MailMessage) {
      if (transport.failWith) throw transport.failWith;
      transport.sent.push(message);
    },
    close() {},
  };
  return transport;
}

/** A transport whose every send fails with `message`, as a mail server that refuses. */
export function failingTransport(message: string): MailTransport {
  const transport = recordingTransport();
  transport.failWith = new Error(message);
  return transport;
}

/**
 * An outbox worker that sends only when a test calls runOnce(), through `transport`, logging
 * nothing; `options` replace any of its settings (a clock, retries, a log to read).
 */
export function testOutbox(
  db: DB,
  transport: MailTransport = recordingTransport(),
  options: Partial<OutboxOptions> = {},
): OutboxWorker {
  return createOutboxWorker({
    db,
    transport,
    log: { info() {}, warn() {}, error() {} },
    pollMs: 60_000,
    maxAttempts: 3,
    ...options,
  });
}

/** A contact message and a demo request as the browser posts them. */
export const sampleContact = {
  firstName: "Ama",
  lastName: "Mensah",
  email: "ama@example.com",
  phone: "+233 55 000 0000",
  message: "We would like to accept mobile money.",
  agreeToPolicy: true as const,
};
export const sampleDemo = {
  product: "aslan" as const,
  formData: {
    name: "Kofi Boateng",
    email: "kofi@example.com",
    phone: "0550000000",
    company: "Susu Co",
    jobTitle: "CEO",
    industry: "Agriculture",
  },
};

/**
 * Stores a contact message, a demo request (from `demoPage`) and a newsletter sign-up as the
 * forms do, each with the e-mail it queues: the samples unless told otherwise, and the contact's
 * address subscribed unless another is named.
 */
export async function storeLeadOfEachKind(
  db: DB,
  {
    contact = sampleContact,
    demo = sampleDemo,
    demoPage = "/schedule-aslan-demo",
    subscriber = contact.email,
  }: { contact?: Contact; demo?: DemoRequest; demoPage?: string; subscriber?: string } = {},
): Promise<void> {
  const sales = "sales@site.test";
  await saveContact(db, contact, { notify: (at) => contactNotification(contact, at, sales) });
  await saveDemoRequest(db, demo, demoPage, {
    notify: (at) => demoNotification(demo, demoPage, at, sales),
  });
  await subscribe(db, subscriber, { formPage: "/" }, () =>
    newsletterConfirmation(subscriber, {
      confirmUrl: "c",
      unsubscribeUrl: "u",
      oneClickUnsubscribeUrl: "o",
    }),
  );
}

/** What a test may add to a request: headers, and the client's address. */
interface RequestExtras {
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/** POSTs JSON, as the lead forms do once the page's script runs. */
export function postJson(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  { headers = {}, remoteAddress }: RequestExtras = {},
) {
  return app.inject({ method: "POST", url, payload: payload as object, headers, remoteAddress });
}

/**
 * POSTs a form the way the browser does by itself (before or without the page's script):
 * urlencoded `fields`, or a body already encoded.
 */
export function postForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string> | string = "",
  { headers = {}, remoteAddress }: RequestExtras = {},
) {
  return app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    payload: typeof fields === "string" ? fields : new URLSearchParams(fields).toString(),
    remoteAddress,
  });
}

/** POSTs `body` as it is, with the content type given: what neither the script nor a browser sends. */
export function postRaw(app: FastifyInstance, url: string, contentType: string, body: string) {
  return app.inject({
    method: "POST",
    url,
    headers: { "content-type": contentType },
    payload: body,
  });
}

/**
 * The whole application on `db`, its outbox a testOutbox() unless one is given; `config` changes
 * testConfig()'s settings.
 */
export function testApp(
  db: DB,
  {
    config,
    outbox = testOutbox(db),
    site,
    pages,
    logStream,
  }: {
    config?: Partial<Config>;
    outbox?: OutboxWorker;
    site?: SiteFiles;
    pages?: PageRenderer;
    logStream?: NodeJS.WritableStream;
  } = {},
): Promise<FastifyInstance> {
  return buildApp({ config: testConfig(config), db, outbox, site, pages, logStream });
}

export interface LeadApi {
  app: FastifyInstance;
  db: DB;
  outbox: OutboxWorker;
  transport: ReturnType<typeof recordingTransport>;
  /** postJson() to this app. */
  post: (
    url: string,
    payload: unknown,
    headers?: Record<string, string>,
  ) => ReturnType<typeof postJson>;
}

/**
 * The whole application on a fresh database of one dialect, for the API tests of a describe
 * block: built before its tests, every lead table and the sent mail emptied before each test,
 * closed after. Read the fields inside tests (they are set once the block starts).
 */
export function useLeadApi(
  databaseUrl: string | undefined,
  options: {
    config?: Partial<Config>;
    site?: () => Promise<SiteFiles>;
    pages?: PageRenderer;
  } = {},
): LeadApi {
  const api = {
    transport: recordingTransport(),
    post: (url, payload, headers = {}) => postJson(api.app, url, payload, { headers }),
  } as LeadApi;
  beforeAll(async () => {
    api.db = await testDatabase(databaseUrl);
    api.outbox = testOutbox(api.db, api.transport);
    api.app = await testApp(api.db, {
      config: options.config,
      outbox: api.outbox,
      site: options.site ? await options.site() : undefined,
      pages: options.pages,
    });
  });
  afterAll(async () => {
    await api.app.close();
    await api.db.destroy();
  });
  beforeEach(async () => {
    api.transport.sent.length = 0;
    await emptyLeadTables(api.db);
  });
  return api;
}

/**
 * A describe block of lead API tests on each dialect (testDialects): `tests` gets the application
 * of useLeadApi and registers its tests. The block is named `<name> on '<dialect>'`.
 */
export function describeLeadApi(
  name: string,
  tests: (api: LeadApi) => void,
  options?: Parameters<typeof useLeadApi>[1],
  dialects = testDialects,
): void {
  describe.each(dialects)(`${name} on $name`, ({ url }) => tests(useLeadApi(url, options)));
}

/** describeLeadApi() for route behaviour the database cannot change: on SQLite only. */
export function describeLeadRoutes(
  name: string,
  tests: (api: LeadApi) => void,
  options?: Parameters<typeof useLeadApi>[1],
): void {
  describeLeadApi(name, tests, options, sqliteOnly);
}

/** Deletes every lead, subscription and outbox row, for a test that starts from none. */
export async function emptyLeadTables(db: DB): Promise<void> {
  for (const table of [
    "outbox",
    "demo_requests",
    "contact_messages",
    "newsletter_subscriptions",
  ] as const) {
    await db.deleteFrom(table).execute();
  }
}

/**
 * What forgetPerson() removes of someone who sent a contact message and a demo request and
 * subscribed: those three rows and the three e-mails they queued.
 */
export const forgottenLeadOfEachKind = {
  outbox: 3,
  lead_states: 0,
  lead_events: 0,
  newsletter_subscriptions: 1,
  contact_messages: 1,
  demo_requests: 1,
  mail_events: 0,
  mail_suppressions: 0,
  mail_mentions: 0,
  staff_saved_filters: 0,
};
