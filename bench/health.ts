/**
 * `/api/health` asked every 10 ms while something else runs: how long the server keeps a
 * visitor waiting meanwhile. The export and returned-mail benchmarks measure with it.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { apiPaths } from "../common/paths";
import { percentile } from "./stats";

/** How often health is asked: each request is sent 10 ms after the one before was sent. */
const HEALTH_EVERY_MS = 10;

export interface HealthTimes {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/**
 * GET `url`, again if the connection was reset: a server whose event loop was held longer than
 * its keep-alive (5 s) closes the idle connection the request was sent on as soon as it runs
 * again. The time of the request counts from the first try.
 */
async function askAgainIfReset(url: string): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url);
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** Asks `/api/health` every HEALTH_EVERY_MS until `until` settles; each answer's time. */
export async function healthWhile(baseUrl: string, until: Promise<unknown>): Promise<HealthTimes> {
  let done = false;
  const settled = until.finally(() => {
    done = true;
  });
  const times: number[] = [];
  while (!done) {
    const start = performance.now();
    const response = await askAgainIfReset(`${baseUrl}${apiPaths.health}`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`health answered ${response.status}`);
    const took = performance.now() - start;
    times.push(took);
    await Promise.race([sleep(Math.max(0, HEALTH_EVERY_MS - took)), settled]);
  }
  return {
    samples: times.length,
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
    maxMs: Math.max(...times),
  };
}
