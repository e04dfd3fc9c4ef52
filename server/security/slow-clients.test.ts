/**
 * Slow clients (slowloris) against the real server on a real port: one that never finishes its
 * headers and one that trickles its body. Each keeps the connection busy with a byte a second, so
 * only the header and request deadlines can end it, and they must do so close to the limits the
 * README promises (headers 10 s, whole request 15 s), not whenever Node next sweeps its sockets.
 */
import { type AddressInfo, connect } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DB } from "../db/database";
import { testApp, testDatabase } from "../testing/lead-api";

let app: FastifyInstance;
let db: DB;
let port: number;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
  await app.listen({ host: "127.0.0.1", port: 0 });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await db.destroy();
});

interface Outcome {
  /** Seconds from connecting until the server closed the socket. */
  closedAfter: number;
  /** What the server wrote before closing. */
  answer: string;
}

/** Connects, writes `start`, then one byte of `drip` a second until the server hangs up. */
function trickle(start: string, drip: string): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    let began = 0;
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding("latin1");
    socket.on("connect", () => {
      began = performance.now();
      socket.write(start);
      timer = setInterval(() => {
        if (socket.writable) socket.write(drip[sent++ % drip.length] ?? "a");
      }, 1_000);
    });
    socket.on("data", (chunk: string) => (answer += chunk));
    // Writing into a socket the server just reset is the expected end, not a failure.
    socket.on("error", () => {});
    socket.on("close", () => {
      clearInterval(timer);
      if (!began) return reject(new Error("could not connect"));
      resolve({ closedAfter: (performance.now() - began) / 1_000, answer });
    });
  });
}

it(
  "cuts off a client that never finishes its headers after 10 s and a slow body after 15 s",
  {
    timeout: 30_000,
  },
  async () => {
    const [headers, body] = await Promise.all([
      trickle("GET / HTTP/1.1\r\nHost: site.test\r\nX-Slow: ", "abcdefghijklmnopqrstuvwxyz"),
      trickle(
        "POST /api/subscribe HTTP/1.1\r\nHost: site.test\r\nContent-Type: application/json\r\n" +
          'Content-Length: 1000\r\n\r\n{"email":"',
        "a",
      ),
    ]);
    expect(headers.closedAfter).toBeGreaterThanOrEqual(10);
    expect(headers.closedAfter).toBeLessThanOrEqual(11.5);
    expect(headers.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(body.closedAfter).toBeGreaterThanOrEqual(15);
    expect(body.closedAfter).toBeLessThanOrEqual(16.5);
    expect(body.answer).toMatch(/^HTTP\/1\.1 408 /);
  },
);
