/**
 * `npm run soak`: a bounded soak of the real server (issue 5). For SOAK_SECONDS (default 60) it
 * sends a steady mix of page views and form posts from many simulated clients, plus one abusive
 * client far above the rate limit, and reports: status counts (no 5xx allowed), p50/p99 latency,
 * the server's memory over time (it must level off, not climb), and that the rate limit stopped
 * the abuser without touching anybody else. Exits non-zero when a check fails.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./free-port";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const RATE = Number(process.env.SOAK_RATE ?? 200); // requests per second, all clients together
const CLIENTS = 50;
const LIMIT = 10; // form posts per client and endpoint per minute (the default)
// One request in ten is a form post, spread over enough clients that each stays at about 8 posts
// per endpoint per minute, under the limit: RATE/10 posts/s × 60 s ÷ 3 endpoints ÷ clients ≤ 8.
const POST_CLIENTS = Math.max(CLIENTS, Math.ceil((RATE * 2) / 8));

const PAGES = [
  "/",
  "/about-us",
  "/services/collections",
  "/contact-us",
  "/help-center",
  "/terms-and-conditions",
  "/no-such-page",
];

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // Node itself (not the tsx wrapper) so the memory read below is the server's own.
  const server: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: await mkdtemp(path.join(tmpdir(), "soak-")),
      LOG_LEVEL: "error",
      // Each simulated client has its own address in X-Forwarded-For, as behind a proxy.
      TRUST_PROXY: "true",
      RATE_LIMIT_MAX: String(LIMIT),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    for (
      let i = 0;
      i < 100 &&
      !(await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      ));
      i += 1
    ) {
      await new Promise((r) => setTimeout(r, 100));
    }
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
        ["/api/subscribe", { email }],
        [
          "/api/contact",
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
          "/api/demo",
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
      () => void rssMb(server.pid ?? 0).then((mb) => memory.push(mb)),
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
          `${base}/api/subscribe`,
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
    await writeFile(
      path.resolve("bench/soak.json"),
      `${JSON.stringify({ ...result, checks }, null, 2)}\n`,
    );
    if (Object.values(checks).some((ok) => !ok)) process.exitCode = 1;
  } finally {
    server.kill("SIGTERM");
    await once(server, "exit");
  }
}

await main();
