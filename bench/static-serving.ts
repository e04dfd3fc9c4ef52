import http from "node:http";
import { type LoadSummary, load } from "./load";
import { ensureNginx, startNginx } from "./nginx";

/** What a browser sends; our server answers brotli, nginx gzip (it has no brotli module). */
const ACCEPT_ENCODING = "br, gzip";

export interface ServedBy {
  name: string;
  url: string;
  /** content-encoding and size of one `GET /` response, as sent. */
  contentEncoding: string;
  bodyBytes: number;
  /** One measured run per round. */
  rounds: LoadSummary[];
  /** The round with the median request rate (a real run, so its latencies belong together). */
  load: LoadSummary;
}

export interface StaticServingResult {
  connections: number;
  durationS: number;
  warmupS: number;
  rounds: number;
  nginxVersion: string;
  ours: ServedBy;
  /** nginx with `worker_processes auto` (Debian's default): both cores. */
  nginx: ServedBy;
  /** nginx with one worker, the same single process our Node server has. For context only. */
  nginxOneWorker: ServedBy;
  /** ours / nginx (auto), median requests per second; docs/requirements.md sets its target. */
  ratio: number;
  /** The same ratio within each round. */
  roundRatios: number[];
  ratioOneWorker: number;
}

const summary = (l: LoadSummary) =>
  `${Math.round(l.rps)} req/s, p99 ${l.p99} ms, CPU: server ${l.serverCpuCores?.toFixed(2)} ` +
  `cores (${Math.round(l.serverCpuUsPerRequest ?? 0)} µs/request), client ${l.clientCpuCores.toFixed(2)} cores`;

/** One raw request, to record what the server sends (fetch would decompress). */
function probe(url: string): Promise<{ status: number; encoding: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { "accept-encoding": ACCEPT_ENCODING } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          encoding: String(res.headers["content-encoding"] ?? "identity"),
          bytes,
        }),
      );
    });
    request.on("error", reject);
  });
}

interface Target {
  name: string;
  url: string;
  pgid: number;
}

/** Checks the target answers 200 and records what it sends. */
async function sample(target: Target): Promise<{ encoding: string; bytes: number }> {
  const response = await probe(target.url);
  if (response.status !== 200) {
    throw new Error(`${target.name}: GET ${target.url} answered ${response.status}`);
  }
  return response;
}

async function measure(
  target: Target,
  opts: { connections: number; durationS: number; warmupS: number },
): Promise<LoadSummary> {
  const request = {
    url: target.url,
    connections: opts.connections,
    headers: { "accept-encoding": ACCEPT_ENCODING },
  };
  // JIT, connection set-up and file caches first; only the second run counts.
  await load({ ...request, duration: opts.warmupS });
  return load({ ...request, duration: opts.durationS }, target.pgid);
}

function medianRun(runs: LoadSummary[]): LoadSummary {
  const sorted = [...runs].sort((a, b) => a.rps - b.rps);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!middle) throw new Error("no measured run");
  return middle;
}

/**
 * `GET /` against our server and against nginx serving the same folder, with the same client
 * settings. The servers take turns, round after round, so a change in what else the machine is
 * doing hits all of them alike; each server's median round is reported.
 */
export async function compareStaticServing(options: {
  ourUrl: string;
  /** Process group of our server, to measure its CPU. */
  ourPgid: number;
  siteDir: string;
  workDir: string;
  connections: number;
  durationS: number;
  warmupS: number;
  rounds: number;
  log: (line: string) => void;
}): Promise<StaticServingResult> {
  const { ourUrl, ourPgid, siteDir, workDir, log, rounds, ...opts } = options;
  await ensureNginx(log);
  const nginxAuto = await startNginx(siteDir, "auto", workDir);
  try {
    const nginxOne = await startNginx(siteDir, 1, workDir);
    try {
      const targets: Target[] = [
        { name: "ours (Node, Fastify)", url: ourUrl, pgid: ourPgid },
        { name: "nginx (worker_processes auto)", url: nginxAuto.url, pgid: nginxAuto.proc.pid },
        { name: "nginx (worker_processes 1)", url: nginxOne.url, pgid: nginxOne.proc.pid },
      ];
      const samples = await Promise.all(targets.map(sample));
      const runs: LoadSummary[][] = targets.map(() => []);
      for (let round = 1; round <= rounds; round++) {
        for (const [i, target] of targets.entries()) {
          const result = await measure(target, opts);
          runs[i]?.push(result);
          log(`  round ${round}/${rounds}, ${target.name}: ${summary(result)}`);
        }
      }
      const served: ServedBy[] = targets.map((target, i) => ({
        name: target.name,
        url: target.url,
        contentEncoding: samples[i]?.encoding ?? "",
        bodyBytes: samples[i]?.bytes ?? 0,
        rounds: runs[i] ?? [],
        load: medianRun(runs[i] ?? []),
      }));
      const [ours, nginx, nginxOneWorker] = served as [ServedBy, ServedBy, ServedBy];
      return {
        ...opts,
        rounds,
        nginxVersion: nginxAuto.version,
        ours,
        nginx,
        nginxOneWorker,
        ratio: ours.load.rps / nginx.load.rps,
        roundRatios: ours.rounds.map((r, i) => r.rps / (nginx.rounds[i]?.rps ?? Number.NaN)),
        ratioOneWorker: ours.load.rps / nginxOneWorker.load.rps,
      };
    } finally {
      await nginxOne.proc.stop();
    }
  } finally {
    await nginxAuto.proc.stop();
  }
}
