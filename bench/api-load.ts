import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type autocannon from "autocannon";
import { sql } from "kysely";
import { DEMO_PRODUCTS } from "../leads/demo";
import { type DB, openDatabase } from "../server/db/database";
import { type LoadSummary, load } from "./load";

export type Endpoint = "subscribe" | "demo";

export interface EndpointLoad {
  endpoint: Endpoint;
  warmupS: number;
  load: LoadSummary;
  /** Every address whose request was answered 2xx, warm-up included. */
  acknowledged: string[];
}

export interface RowCheck {
  endpoint: Endpoint;
  acknowledged: number;
  storedRows: number;
  /** Acknowledged addresses with no row: leads lost. Must be 0. */
  missing: number;
  missingExamples: string[];
  /** More than one row for one address (subscribe: per person; demo: per request). Must be 0. */
  duplicates: number;
  /** Rows whose answer never arrived (in flight when the run stopped, or timed out): harmless. */
  storedUnacknowledged: number;
  /** Outbox messages for these leads; one per stored row. */
  outboxRows: number;
  pass: boolean;
}

/**
 * The mail outbox after a load: what is still pending, and how fast the worker sends once the
 * load has stopped (measured over a short window, not waited out: a backlog can take minutes).
 */
export interface OutboxObservation {
  afterEndpoint: Endpoint;
  windowS: number;
  statusesBefore: Record<string, number>;
  statusesAfter: Record<string, number>;
  sentPerSecond: number;
  /** Pending messages ÷ send rate at the end of the window; null when nothing was sent. */
  estimatedDrainS: number | null;
}

export interface ApiResult {
  database: "sqlite" | "postgres";
  /** PostgreSQL: the throwaway schema the run used (dropped afterwards). */
  schema?: string;
  connections: number;
  subscribe: EndpointLoad;
  demo: EndpointLoad;
  outbox: OutboxObservation[];
  rows: RowCheck[];
  pass: boolean;
}

/** Unique per run, so rows of a previous run (PostgreSQL without a fresh schema) never count. */
export function runTag(): string {
  return randomBytes(4).toString("hex");
}

const JSON_HEADERS = { "content-type": "application/json" };

interface Context {
  email?: string;
}

/**
 * One autocannon run posting to `path` with a body made fresh for every request. autocannon
 * builds each request in `setupRequest` and reports its answer to `onResponse` with the same
 * per-connection context (one request in flight per connection), which is how we know which
 * address each 2xx acknowledged.
 */
export async function postLoad(
  url: string,
  connections: number,
  durationS: number,
  nextBody: () => { email: string; json: unknown },
  acknowledged: string[],
  serverPgid?: number,
): Promise<LoadSummary> {
  const request: autocannon.Request = {
    method: "POST",
    path: new URL(url).pathname,
    headers: JSON_HEADERS,
    setupRequest: (req, context) => {
      const next = nextBody();
      (context as Context).email = next.email;
      return { ...req, body: JSON.stringify(next.json) };
    },
    onResponse: (status, _body, context) => {
      const email = (context as Context).email;
      if (status >= 200 && status < 300 && email) acknowledged.push(email);
    },
  };
  return load(
    { url, connections, duration: durationS, pipelining: 1, requests: [request] },
    serverPgid,
  );
}

export function bodyFor(
  endpoint: Endpoint,
  tag: string,
): (n: number) => { email: string; json: unknown } {
  return (n) => {
    const email = `bench.${tag}.${endpoint}.${n}@example.com`;
    if (endpoint === "subscribe") return { email, json: { email } };
    return {
      email,
      json: {
        product: DEMO_PRODUCTS[n % DEMO_PRODUCTS.length],
        formData: {
          name: `Bench Visitor ${n}`,
          email,
          phone: "+233 30 000 0000",
          company: "Benchmark Ltd",
          jobTitle: "Load tester",
          industry: "Technology",
        },
      },
    };
  };
}

async function outboxStatuses(db: DB): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom("outbox")
    .select(["status", (eb) => eb.fn.countAll<string>().as("n")])
    .groupBy("status")
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

async function observeOutbox(
  db: DB,
  afterEndpoint: Endpoint,
  windowS: number,
): Promise<OutboxObservation> {
  const statusesBefore = await outboxStatuses(db);
  await sleep(windowS * 1000);
  const statusesAfter = await outboxStatuses(db);
  const sent = (statusesAfter.sent ?? 0) - (statusesBefore.sent ?? 0);
  const sentPerSecond = sent / windowS;
  const pending = statusesAfter.pending ?? 0;
  return {
    afterEndpoint,
    windowS,
    statusesBefore,
    statusesAfter,
    sentPerSecond,
    estimatedDrainS: pending === 0 ? 0 : sentPerSecond > 0 ? pending / sentPerSecond : null,
  };
}

/** Subscribe, then demo requests, each after a short warm-up, against a running server. */
export async function loadApi(options: {
  baseUrl: string;
  /** Process group of the server, to measure its CPU. */
  serverPgid: number;
  db: DB;
  tag: string;
  connections: number;
  durationS: number;
  warmupS: number;
  outboxWindowS: number;
  log: (line: string) => void;
}): Promise<{ loads: EndpointLoad[]; outbox: OutboxObservation[] }> {
  const { baseUrl, serverPgid, db, tag, connections, durationS, warmupS, log } = options;
  const loads: EndpointLoad[] = [];
  const outbox: OutboxObservation[] = [];
  for (const endpoint of ["subscribe", "demo"] as const) {
    const url = new URL(`/api/${endpoint}`, baseUrl).toString();
    const acknowledged: string[] = [];
    const body = bodyFor(endpoint, tag);
    let n = 0;
    const nextBody = () => body(n++);
    // The warm-up's requests are real leads too: they are checked with the rest.
    await postLoad(url, connections, warmupS, nextBody, acknowledged);
    const measured = await postLoad(
      url,
      connections,
      durationS,
      nextBody,
      acknowledged,
      serverPgid,
    );
    log(
      `  POST /api/${endpoint}: ${Math.round(measured.rps)} req/s, p50 ${measured.p50} ms, ` +
        `p99 ${measured.p99} ms, ${measured.status2xx} 2xx, ${measured.non2xx} non-2xx, ` +
        `${measured.errors} errors; server CPU ${measured.serverCpuCores?.toFixed(2)} cores, ` +
        `client ${measured.clientCpuCores.toFixed(2)}`,
    );
    loads.push({ endpoint, warmupS, load: measured, acknowledged });
    const observed = await observeOutbox(db, endpoint, options.outboxWindowS);
    log(
      `  outbox after ${endpoint}: ${observed.statusesAfter.pending ?? 0} pending, sending ` +
        `${observed.sentPerSecond.toFixed(1)}/s`,
    );
    outbox.push(observed);
  }
  return { loads, outbox };
}

/** Compares what was acknowledged with what the database holds. */
export async function checkRows(db: DB, load: EndpointLoad, tag: string): Promise<RowCheck> {
  const pattern = `bench.${tag}.${load.endpoint}.%`;
  const emails =
    load.endpoint === "subscribe"
      ? await db
          .selectFrom("newsletter_subscriptions")
          .select(["email_key as email", "id"])
          .where("email_key", "like", pattern)
          .execute()
      : await db
          .selectFrom("demo_requests")
          .select(["email", "id"])
          .where("email", "like", pattern)
          .execute();
  const counts = new Map<string, number>();
  for (const row of emails) counts.set(row.email, (counts.get(row.email) ?? 0) + 1);
  const acknowledged = new Set(load.acknowledged);
  const missing = [...acknowledged].filter((email) => !counts.has(email));
  const duplicates = [...counts.values()].filter((n) => n > 1).length;
  const storedUnacknowledged = [...counts.keys()].filter((e) => !acknowledged.has(e)).length;
  const ids = emails.map((row) => row.id);
  let outboxRows = 0;
  // Chunks keep the IN list within SQLite's bound-parameter limit.
  for (let i = 0; i < ids.length; i += 10_000) {
    const chunk = ids.slice(i, i + 10_000);
    const found = await db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("lead_id", "in", chunk)
      .executeTakeFirstOrThrow();
    outboxRows += Number(found.n);
  }
  return {
    endpoint: load.endpoint,
    acknowledged: acknowledged.size,
    storedRows: emails.length,
    missing: missing.length,
    missingExamples: missing.slice(0, 5),
    duplicates,
    storedUnacknowledged,
    outboxRows,
    pass:
      acknowledged.size > 0 &&
      missing.length === 0 &&
      duplicates === 0 &&
      outboxRows === emails.length,
  };
}

/**
 * A new, empty schema in the given PostgreSQL database; the server's connection URL selects it
 * through `search_path`, and the server migrates it at start as always.
 */
export async function freshPostgresSchema(
  databaseUrl: string,
  tag: string,
): Promise<{ url: string; schema: string; drop: () => Promise<void> }> {
  const schema = `bench_${tag}`;
  const admin = openDatabase({ databaseUrl });
  await sql`create schema ${sql.id(schema)}`.execute(admin);
  const url = new URL(databaseUrl);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    url: url.toString(),
    schema,
    drop: async () => {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(admin);
      await admin.destroy();
    },
  };
}
