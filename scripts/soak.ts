/**
 * `npm run soak`: a bounded soak of the real server. For SOAK_SECONDS (default 60) it
 * sends a steady mix of page views and form posts from many simulated clients, plus one abusive
 * client far above the rate limit, and reports: status counts (no 5xx allowed), p50/p99 latency,
 * the server's memory over time (it must level off, not climb), and that the rate limit stopped
 * the abuser without touching anybody else; the same as JSON in bench/soak.json. Exits non-zero
 * when a check fails. Runs the compiled server (`npm run soak` builds first when there is no
 * build); set DATABASE_URL to soak it on PostgreSQL.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { apiPaths, pagePaths, servicePaths } from "../common/paths";
import { isMain } from "./is-main";
import { launchServer } from "./launch-server";
import { REPO_ROOT } from "./repo-root";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const RATE = Number(process.env.SOAK_RATE ?? 200); // requests per second, all clients together
const CLIENTS = 50;
const LIMIT = 10; // form posts per client and endpoint per minute (the default)
// One request in ten is a form post, spread over enough clients that each stays at about 8 posts
// per endpoint per minute, under the limit: RATE/10 posts/s × 60 s ÷ 3 endpoints ÷ clients ≤ 8.
const POST_CLIENTS = Math.max(CLIENTS, Math.ceil((RATE * 2) / 8));

const PAGES = [
  pagePaths.home,
  pagePaths.aboutUs,
  servicePaths.collections,
  pagePaths.contactUs,
  pagePaths.helpCenter,
  pagePaths.termsAndConditions,
  "/no-such-page",
];

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Not committed: docs/performance.md keeps the numbers worth keeping. */
const RESULT_FILE = path.join(REPO_ROOT, "bench", "soak.json");

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), "soak-"));
  // The compiled server, as `npm start` runs it. Its errors show as they happen.
  const server = await launchServer({
    code: "build",
    echo: true,
    settings: {
      DATA_DIR: dataDir,
      // On PostgreSQL when the caller says so; e-mails always go to files.
      DATABASE_URL: process.env.DATABASE_URL,
      LOG_LEVEL: "error",
      // Each simulated client has its own address in X-Forwarded-For, as behind a proxy.
      TRUST_PROXY: "true",
      RATE_LIMIT_MAX: String(LIMIT),
    },
  });
  const base = server.url;
  try {
    const statuses: Record<string, number> = {};
    const latencies: number[] = [];
    const abuser: Record<number, number> = {};
    const normal429: string[] = [];
    const memory: number[] = [];
    let sequence = 0;

    const send = async (kind: string, url: string, init: RequestInit, client: string) => {
      const started = performance.now();
      let status = 0;
      try {
        const res = await fetch(url, {
          ...init,
          headers: { ...init.headers, "x-forwarded-for": client, "accept-encoding": "br" },
        });
        await res.arrayBuffer();
        status = res.status;
      } catch {
        status = -1; // connection error
      }
      latencies.push(performance.now() - started);
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (client === "10.9.9.9") abuser[status] = (abuser[status] ?? 0) + 1;
      else if (status === 429) normal429.push(kind);
    };

    const json = (body: unknown): RequestInit => ({
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    // Normal clients post a form now and then: well under the limit of each endpoint.
    // Client k/3 posts to endpoint k%3, so each client cycles through the three forms.
    const normalPost = (client: string, n: number) => {
      const email = `soak-${n}@example.com`;
      const forms: [string, unknown][] = [
        [apiPaths.subscribe, { email }],
        [
          apiPaths.contact,
          {
            firstName: "Soak",
            lastName: "Test",
            email,
            phone: "",
            message: "Hello",
            agreeToPolicy: true,
          },
        ],
        [
          apiPaths.demo,
          {
            product: "aslan",
            formData: {
              name: "Soak",
              email,
              phone: "055",
              company: "",
              jobTitle: "",
              industry: "",
            },
          },
        ],
      ];
      const [url, body] = forms[n % 3] ?? forms[0]!;
      return send("post", `${base}${url}`, json(body), client);
    };

    const end = Date.now() + SECONDS * 1000;
    const memoryTimer = setInterval(
      () => void rssMb(server.pid).then((mb) => memory.push(mb)),
      1000,
    );
    const inFlight = new Set<Promise<void>>();
    while (Date.now() < end) {
      const n = sequence++;
      const client = `10.0.${Math.floor(n / 7) % CLIENTS}.1`;
      let p: Promise<void>;
      if (n % 10 === 0) {
        const k = n / 10;
        p = normalPost(`10.1.${Math.floor(k / 3) % POST_CLIENTS}.1`, k);
      } else if (n % 25 === 1) {
        p = send(
          "abuse",
          `${base}${apiPaths.subscribe}`,
          json({ email: `abuse-${n}@example.com` }),
          "10.9.9.9",
        );
      } else {
        p = send("page", `${base}${PAGES[n % PAGES.length]}`, {}, client);
      }
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
      await new Promise((r) => setTimeout(r, 1000 / RATE));
    }
    await Promise.all(inFlight);
    clearInterval(memoryTimer);

    latencies.sort((a, b) => a - b);
    const serverErrors = Object.entries(statuses).filter(
      ([s]) => Number(s) >= 500 || Number(s) < 0,
    );
    const warm = memory.slice(5, 15);
    const late = memory.slice(-10);
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    const growth = avg(late) - avg(warm);
    const result = {
      date: new Date().toISOString(),
      seconds: SECONDS,
      targetRate: RATE,
      requests: latencies.length,
      statuses,
      latencyMs: {
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: latencies.at(-1),
      },
      memoryMb: {
        afterWarmUp: avg(warm),
        atEnd: avg(late),
        growth,
        samples: memory.map((m) => Math.round(m)),
      },
      abuser,
      normalClientsLimited: normal429.length,
    };
    const checks = {
      "no 5xx or connection errors": serverErrors.length === 0,
      "memory levels off (< 40 MB growth after warm-up)": growth < 40,
      "the abusive client is limited":
        (abuser[429] ?? 0) > 0 && (abuser[202] ?? 0) <= LIMIT * Math.ceil(SECONDS / 60),
      "no other client is limited": normal429.length === 0,
    };
    console.log(JSON.stringify({ ...result, checks }, null, 2));
    await writeFile(RESULT_FILE, `${JSON.stringify({ ...result, checks }, null, 2)}\n`);
    if (Object.values(checks).some((ok) => !ok)) process.exitCode = 1;
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await main();
