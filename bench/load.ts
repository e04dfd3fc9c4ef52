import { readFile, readdir } from "node:fs/promises";
import autocannon from "autocannon";

/** What one autocannon run measured. Latencies in milliseconds. */
export interface LoadSummary {
  connections: number;
  durationS: number;
  /** Responses received in the run. */
  requests: number;
  /** Mean requests per second over the run. */
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
  status2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Mean response bytes per second (headers + body, as transferred). */
  throughputBps: number;
  /**
   * CPU used during the run, in cores (1 = one core busy the whole time). Client = autocannon in
   * this process; server = the server's whole process group. On a 2-core machine the two
   * compete, so these tell which side limited the rate.
   */
  clientCpuCores: number;
  serverCpuCores: number | null;
  /** Server CPU time per answered request, in microseconds: independent of the client's speed. */
  serverCpuUsPerRequest: number | null;
}

/**
 * CPU seconds used so far by every live process of a process group (Linux /proc; USER_HZ is
 * 100 on every Linux the project runs on). Used to tell a saturated server from a saturated
 * load generator: on 2 cores they compete.
 */
async function groupCpuSeconds(pgid: number): Promise<number> {
  let ticks = 0;
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
    // Fields after the command name, which may itself contain spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) !== pgid) continue; // field 5: pgrp
    ticks += Number(fields[11]) + Number(fields[12]); // fields 14, 15: utime, stime
  }
  return ticks / 100;
}

/**
 * Runs autocannon to completion (no worker threads: request hooks must stay in this process).
 * `serverPgid` is the process group of the server under load, to measure its CPU.
 */
export async function load(options: autocannon.Options, serverPgid?: number): Promise<LoadSummary> {
  const clientBefore = process.cpuUsage();
  const serverBefore = serverPgid ? await groupCpuSeconds(serverPgid) : 0;
  const result = await autocannon({ timeout: 10, ...options });
  const client = process.cpuUsage(clientBefore);
  const serverSeconds = serverPgid ? (await groupCpuSeconds(serverPgid)) - serverBefore : null;
  const wall = (result.finish.getTime() - result.start.getTime()) / 1000;
  return {
    connections: result.connections,
    durationS: result.duration,
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    mean: result.latency.mean,
    status2xx: result["2xx"],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    throughputBps: result.throughput.average,
    clientCpuCores: (client.user + client.system) / 1e6 / wall,
    serverCpuCores: serverSeconds === null ? null : serverSeconds / wall,
    serverCpuUsPerRequest:
      serverSeconds === null || result.requests.total === 0
        ? null
        : (serverSeconds * 1e6) / result.requests.total,
  };
}
