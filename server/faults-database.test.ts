/**
 * The real server process without its database: cut off from PostgreSQL while running, and
 * started with none reachable. The other faults: faults-crash.test.ts, faults-campaign.test.ts.
 */
import { once } from "node:events";
import { mkdtemp } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freshSchemaUrl, postgresTestUrl } from "./testing/lead-api";
import { fakeSite, postContact, startServer, waitFor } from "./testing/server-process";
import { freePort } from "../scripts/free-port";
import { spawnServer } from "../scripts/launch-server";

/** A TCP relay we can cut and restore, standing between the server and PostgreSQL. */
async function relay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  const port = await freePort();
  const open = async () => {
    server = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on("close", () => sockets.delete(s));
        s.on("error", () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    server.listen(port, "127.0.0.1");
    await once(server, "listening");
  };
  const cut = async () => {
    // Stop accepting, then drop live connections (close() waits for them to end).
    const closed = new Promise<void>((resolve) =>
      server ? server.close(() => resolve()) : resolve(),
    );
    for (const s of sockets) s.destroy();
    await closed;
  };
  await open();
  return { port, cut, restore: open };
}
describe.skipIf(!postgresTestUrl)("PostgreSQL lost while running", () => {
  it("answers 503 while the database is away and recovers by itself", async () => {
    const url = new URL(await freshSchemaUrl(postgresTestUrl ?? ""));
    const link = await relay({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = "127.0.0.1";
    url.port = String(link.port);
    const server = await startServer({
      DATA_DIR: await mkdtemp(path.join(tmpdir(), "pg-")),
      SITE_DIR: await fakeSite(),
      DATABASE_URL: url.toString(),
    });
    try {
      expect((await postContact(server.url, "before@example.com")).status).toBe(201);

      await link.cut();
      const during = await postContact(server.url, "during@example.com").catch((e: Error) => {
        throw new Error(`${e.message}; server said: ${server.output()}`);
      });
      expect(during.status).toBe(503);
      expect((await fetch(`${server.url}/api/ready`)).status).toBe(503);

      await link.restore();
      const status = await waitFor(
        async () => {
          const res = await postContact(server.url, `after-${Date.now()}@example.com`);
          return res.status === 201 ? res.status : undefined;
        },
        20_000,
        "the API to accept leads again",
      );
      expect(status).toBe(201);
      expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
    } finally {
      await server.stop();
      await link.cut();
    }
  }, 180_000);
});
describe("start-up without a database", () => {
  it("stops with a clear message and a non-zero exit", async () => {
    const server = await spawnServer({
      code: "source",
      settings: {
        DATA_DIR: await mkdtemp(path.join(tmpdir(), "no-db-")),
        DATABASE_URL: `postgres://user:secret@127.0.0.1:${await freePort()}/leads`,
      },
    });
    const { code } = await server.exited;
    const output = server.output();
    expect(code).toBe(1);
    expect(output).toMatch(/Cannot use the database \(PostgreSQL at 127\.0\.0\.1:\d+\/leads\)/);
    expect(output).not.toContain("secret");
  }, 120_000);
});
