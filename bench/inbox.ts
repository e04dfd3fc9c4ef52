/**
 * The staff inbox with 100,000 leads: how long the list, each filter and the search take to
 * answer over HTTP, on SQLite and on PostgreSQL. The app runs in this process (buildApp) on a
 * fresh database seeded in bulk; a signed-in admin asks each query `samples` times in a row.
 *
 *   npx tsx bench/inbox.ts [--leads 100000] [--samples 30]   # SQLite, and PostgreSQL with DATABASE_URL
 *   npm run bench -- --only inbox                             # the same, into report.md
 */
import { randomUUID } from "node:crypto";
import { type Insertable, sql } from "kysely";
import { parseArgs } from "node:util";
import { emailKey } from "../leads/email";
import { DEMO_PRODUCTS } from "../leads/demo";
import { phoneE164 } from "../leads/phone";
import { LEAD_STATUSES, type LeadType } from "../leads/workflow";
import { buildApp } from "../server/app";
import { leadsApi } from "../staff-api/leads";
import type { DB } from "../server/db/database";
import type { Database } from "../server/db/schema";
import { contactSearchText, demoSearchText } from "../server/db/search-text";
import { createOutboxWorker } from "../server/mail/outbox";
import { addAccount } from "../server/staff/accounts/accounts";
import { createSession } from "../server/staff/sign-in/sessions";
import { recordingTransport, testConfig } from "../server/testing/lead-api";
import { isMain } from "../scripts/is-main";
import { type BenchRun, onEachDialect, onFreshBenchDatabase } from "./dialects";
import { percentile } from "./stats";

export interface InboxQueryResult {
  name: string;
  query: string;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Leads on the first page of the answer: a query that finds nothing proves little. */
  items: number;
}

export interface InboxResult {
  dialect: "sqlite" | "postgres";
  leads: number;
  samples: number;
  seedS: number;
  queries: InboxQueryResult[];
}

const FIRST_NAMES = [
  "Ama",
  "Kofi",
  "Efua",
  "Kwame",
  "Akosua",
  "Yaw",
  "Abena",
  "Kojo",
  "Adwoa",
  "Kwesi",
];
const LAST_NAMES = ["Mensah", "Owusu", "Boateng", "Asante", "Darko", "Ofori", "Appiah", "Agyeman"];
const WORDS = [
  "mobile money",
  "payouts",
  "school fees",
  "susu",
  "pension",
  "USSD",
  "bulk SMS",
  "API",
];
const OWNERS = ["sales1@bench.example", "sales2@bench.example", "sales3@bench.example"];
const DAY_MS = 86_400_000;
/** The seeded leads span this many days back from now. */
const SPAN_DAYS = 730;

/** A deterministic pseudo-random sequence, so that every run seeds the same leads. */
function sequence(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    // The high bits: the low bits of this generator repeat every few steps.
    return Math.floor(state / 65_536) % n;
  };
}

/**
 * `leads` leads over two years, the same on every run: one in three a contact message, the others
 * demo requests; two in three worked, most of those owned by one of `ownerIds`. Also used by
 * bench/export.ts.
 */
export async function seedLeads(db: DB, leads: number, ownerIds: string[]): Promise<void> {
  const pick = sequence(42);
  const now = Date.now();
  const BATCH = 500;
  for (let start = 0; start < leads; start += BATCH) {
    const contacts: Insertable<Database["contact_messages"]>[] = [];
    const demos: Insertable<Database["demo_requests"]>[] = [];
    const states: Insertable<Database["lead_states"]>[] = [];
    for (let i = start; i < Math.min(leads, start + BATCH); i++) {
      const id = randomUUID();
      const createdAt = new Date(now - Math.floor((i / leads) * SPAN_DAYS * DAY_MS)).toISOString();
      const first = FIRST_NAMES[pick(FIRST_NAMES.length)] as string;
      const last = LAST_NAMES[pick(LAST_NAMES.length)] as string;
      const email = `${first}.${last}.${i}@example.com`.toLowerCase();
      const phone = `+233 24 ${String(i).padStart(7, "0")}`;
      const common = {
        id,
        email,
        email_key: emailKey(email),
        phone,
        phone_e164: phoneE164(phone),
        request_key: null,
        request_hash: null,
        created_at: createdAt,
      };
      const type: LeadType = pick(3) === 0 ? "contact" : "demo";
      if (type === "contact") {
        const contact = {
          ...common,
          first_name: first,
          last_name: last,
          message: `We would like to hear about ${WORDS[pick(WORDS.length)]} for our business number ${i}.`,
          policy_agreed_at: createdAt,
        };
        contacts.push({ ...contact, search_text: contactSearchText(contact) });
      } else {
        const product = DEMO_PRODUCTS[pick(DEMO_PRODUCTS.length)] as string;
        const demo = {
          ...common,
          product,
          page: `/demo/${product}`,
          name: `${first} ${last}`,
          company: `${last} ${WORDS[pick(WORDS.length)]} Ltd ${i}`,
          job_title: "Director",
          industry: "Finance",
        };
        demos.push({ ...demo, search_text: demoSearchText(demo) });
      }
      // Two leads in three have been worked: a status and, mostly, an owner.
      if (pick(3) !== 0) {
        states.push({
          lead_type: type,
          lead_id: id,
          status: LEAD_STATUSES[1 + pick(LEAD_STATUSES.length - 1)] ?? "contacted",
          owner_account_id: pick(4) === 0 ? null : (ownerIds[pick(ownerIds.length)] as string),
          first_response_at: createdAt,
          updated_at: createdAt,
        });
      }
    }
    await db.transaction().execute(async (trx) => {
      if (contacts.length) await trx.insertInto("contact_messages").values(contacts).execute();
      if (demos.length) await trx.insertInto("demo_requests").values(demos).execute();
      if (states.length)
        await trx
          .insertInto("lead_states")
          .values(states as never)
          .execute();
    });
  }
}

/** Seeds `leads` leads into a fresh database and times the inbox's queries through HTTP. */
export async function measureInbox({
  dialect,
  databaseUrl,
  leads = 100_000,
  samples = 30,
  log = console.log,
}: BenchRun & {
  leads?: number;
  samples?: number;
}): Promise<InboxResult> {
  return onFreshBenchDatabase("inbox", { dialect, databaseUrl }, async ({ db }, cleanups) => {
    const now = new Date();
    const owners = [];
    for (const email of OWNERS) {
      const { account } = await addAccount(db, { email, role: "sales" }, { via: "bench", now });
      owners.push(account.id);
    }
    const { account: admin } = await addAccount(
      db,
      { email: "admin@bench.example", role: "admin" },
      { via: "bench", now },
    );
    const { secret } = await createSession(db, admin.id, now);

    const seedStart = performance.now();
    await seedLeads(db, leads, owners);
    // PostgreSQL's autovacuum would gather the planner's statistics of freshly loaded tables
    // within a minute; the benchmark does not wait for it.
    await sql`analyze`.execute(db);
    const seedS = (performance.now() - seedStart) / 1000;
    log(`  ${dialect}: ${leads.toLocaleString("en-US")} leads seeded in ${seedS.toFixed(1)} s`);

    const site = "http://localhost:3000";
    const outbox = createOutboxWorker({
      db,
      transport: recordingTransport(),
      log: { info() {}, warn() {}, error() {} },
      pollMs: 3_600_000,
      maxAttempts: 3,
    });
    const app = await buildApp({
      config: testConfig({ publicUrl: site, allowedOrigins: [site] }),
      db,
      outbox,
      staff: { limits: null },
    });
    cleanups.unshift(() => app.close());
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const get = async (url: string) => {
      const response = await fetch(`${address}${url}`, {
        headers: { cookie: `staff_session=${secret}` },
      });
      if (!response.ok) throw new Error(`${url} → ${response.status}`);
      return (await response.json()) as { items?: unknown[]; nextCursor?: string | null };
    };

    // A cursor 20 pages deep: keyset pagination must not slow down further in.
    let cursor: string | null | undefined = null;
    for (let page = 0; page < 20; page++) {
      cursor = (await get(`${leadsApi.list.path}${cursor ? `?cursor=${cursor}` : ""}`)).nextCursor;
    }
    const month = new Date(now.getTime() - 200 * DAY_MS).toISOString().slice(0, 10);
    const monthEnd = new Date(now.getTime() - 170 * DAY_MS).toISOString().slice(0, 10);
    const kinds: [string, string][] = [
      ["newest first", ""],
      ["20 pages deep", `cursor=${cursor}`],
      ["type", "type=contact"],
      ["product", "product=banking"],
      ["status", "status=won"],
      ["owner", `owner=${OWNERS[0]}`],
      ["unassigned", "owner=none"],
      ["a month", `since=${month}&until=${monthEnd}`],
      ["search: a name", "q=efua"],
      ["search: a name, surname first", "q=mensah%20efua"],
      ["search: a phone number written another way", "q=%2B233%2024%20000%204242"],
      ["search: a company", "q=boateng%20susu"],
      ["search: one lead's e-mail", "q=.4242@example"],
      ["search: no match", "q=zzzz"],
      ["filters and search", "type=demo&status=contacted&q=pension"],
      ["average response (stats)", "stats"],
    ];
    const queries: InboxQueryResult[] = [];
    for (const [name, query] of kinds) {
      const url = query === "stats" ? leadsApi.stats.path : `${leadsApi.list.path}?${query}`;
      let items = 0;
      for (let i = 0; i < 3; i++) items = (await get(url)).items?.length ?? 0;
      const times: number[] = [];
      for (let i = 0; i < samples; i++) {
        const start = performance.now();
        await get(url);
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const result = {
        name,
        query: query === "stats" ? "/leads/stats" : query || "(none)",
        p50Ms: percentile(times, 50),
        p95Ms: percentile(times, 95),
        maxMs: times.at(-1) ?? Number.NaN,
        items,
      };
      log(
        `  ${dialect} ${name}: p50 ${result.p50Ms.toFixed(1)} ms, p95 ${result.p95Ms.toFixed(1)} ms`,
      );
      queries.push(result);
    }
    return { dialect, leads, samples, seedS, queries };
  });
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      leads: { type: "string", default: "100000" },
      samples: { type: "string", default: "30" },
    },
  });
  const options = { leads: Number(values.leads), samples: Number(values.samples) };
  const results = await onEachDialect((target) => measureInbox({ ...target, ...options }));
  console.log(`\n| query | ${results.map((r) => `${r.dialect} p95`).join(" | ")} | first page |`);
  for (const [index, query] of (results[0]?.queries ?? []).entries()) {
    const cells = results.map((r) => `${r.queries[index]?.p95Ms.toFixed(1)} ms`);
    console.log(`| ${query.name} | ${cells.join(" | ")} | ${query.items} |`);
  }
}
