/**
 * The real server process from source, as the fault tests start it (faults-*.test.ts): a
 * minimal site to serve, the launch settings they share, a contact form post and a poll.
 */
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type ServerSettings, launchServer } from "../../scripts/launch-server";

/** A minimal prerendered site: the server refuses to start without one. */
export async function fakeSite(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "site-"));
  await mkdir(path.join(dir, "404"), { recursive: true });
  await writeFile(path.join(dir, "index.html"), "<h1>home</h1>");
  await writeFile(path.join(dir, "404", "index.html"), "<h1>missing</h1>");
  return dir;
}

/**
 * The server from source (these tests run before any build), with rate limits off, a fast outbox,
 * and short claims so the killed instance's claims lapse and the restarted one sends them. A start
 * takes seconds on a quiet machine and 20 s on a loaded one: the tests' limits, there to catch a
 * hang, allow a minute or more per start.
 */
export function startServer(settings: ServerSettings) {
  return launchServer({
    code: "source",
    settings: { RATE_LIMIT_MAX: "0", OUTBOX_POLL_MS: "200", OUTBOX_LEASE_MS: "2000", ...settings },
  });
}

const contact = (email: string) => ({
  firstName: "Load",
  lastName: "Test",
  email,
  phone: "0550000000",
  message: "Hello",
  agreeToPolicy: true,
});

export function postContact(url: string, email: string, message = "Hello") {
  return fetch(`${url}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...contact(email), message }),
  });
}

/** Asks `check` every 200 ms until it gives a value (a failed check counts as none yet). */
export async function waitFor<T>(
  check: () => Promise<T | undefined>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}
