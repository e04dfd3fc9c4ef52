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
}

/** Runs autocannon to completion (no worker threads: request hooks must stay in this process). */
export async function load(options: autocannon.Options): Promise<LoadSummary> {
  const result = await autocannon({ timeout: 10, ...options });
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
  };
}
