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
  load: LoadSummary;
}

export interface StaticServingResult {
  connections: number;
  durationS: number;
  warmupS: number;
  nginxVersion: string;
  ours: ServedBy;
  /** nginx with `worker_processes auto` (Debian's default): both cores. */
  nginx: ServedBy;
  /** nginx with one worker, the same single process our Node server has. For context only. */
  nginxOneWorker: ServedBy;
  /** ours / nginx (auto) requests per second: the number the issue sets a target for. */
  ratio: number;
  ratioOneWorker: number;
}

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

async function measure(
  name: string,
  url: string,
  opts: { connections: number; durationS: number; warmupS: number },
): Promise<ServedBy> {
  const sample = await probe(url);
  if (sample.status !== 200) throw new Error(`${name}: GET ${url} answered ${sample.status}`);
  const request = { url, connections: opts.connections, headers: { "accept-encoding": ACCEPT_ENCODING } };
  // JIT, connection set-up and file caches first; only the second run counts.
  await load({ ...request, duration: opts.warmupS });
  return {
    name,
    url,
    contentEncoding: sample.encoding,
    bodyBytes: sample.bytes,
    load: await load({ ...request, duration: opts.durationS }),
  };
}

/**
 * `GET /` against our server and against nginx serving the same folder, one after the other
 * with the same settings, so both see the same machine state.
 */
export async function compareStaticServing(options: {
  ourUrl: string;
  siteDir: string;
  connections: number;
  durationS: number;
  warmupS: number;
  log: (line: string) => void;
}): Promise<StaticServingResult> {
  const { ourUrl, siteDir, log, ...opts } = options;
  await ensureNginx(log);

  log(`  ours: ${opts.connections} connections, ${opts.durationS} s`);
  const ours = await measure("ours (Node, Fastify)", ourUrl, opts);
  log(`    ${Math.round(ours.load.rps)} req/s, p99 ${ours.load.p99} ms`);

  const results: ServedBy[] = [];
  let nginxVersion = "";
  for (const workers of ["auto", 1] as const) {
    const nginx = await startNginx(siteDir, workers);
    nginxVersion = nginx.version;
    try {
      log(`  nginx (worker_processes ${workers})`);
      const served = await measure(`nginx (worker_processes ${workers})`, nginx.url, opts);
      log(`    ${Math.round(served.load.rps)} req/s, p99 ${served.load.p99} ms`);
      results.push(served);
    } finally {
      await nginx.proc.stop();
    }
  }
  const [nginx, nginxOneWorker] = results as [ServedBy, ServedBy];
  return {
    ...opts,
    nginxVersion,
    ours,
    nginx,
    nginxOneWorker,
    ratio: ours.load.rps / nginx.load.rps,
    ratioOneWorker: ours.load.rps / nginxOneWorker.load.rps,
  };
}
