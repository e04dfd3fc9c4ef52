import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import type { Config } from "../config";
import type { DB } from "../db/database";
import { testApp, testDatabase } from "../testing/lead-api";
import { LOOPBACK_KEY, rateLimitKey } from "./client-key";
import { apiPaths } from "../../common/paths";

describe("rateLimitKey", () => {
  // Where a request comes from, and the bucket its rate limits count in.
  it.each([
    // An IPv4 address as it is.
    ["203.0.113.5", "203.0.113.5"],
    ["198.51.100.77", "198.51.100.77"],
    // An IPv4-mapped IPv6 address as the IPv4 address.
    ["::ffff:203.0.113.5", "203.0.113.5"],
    ["::FFFF:cb00:7105", "203.0.113.5"],
    ["0:0:0:0:0:ffff:203.0.113.5", "203.0.113.5"],
    // An IPv6 address as its /64, however the address is written.
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:0000:0000:0000:0001", "2001:db8:1:2::/64"],
    ["2001:DB8:1:2:FFFF:FFFF:FFFF:FFFF", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::", "2001:db8:1:2::/64"],
    ["2001:db8:1:3::1", "2001:db8:1:3::/64"],
    ["2001:db8::5", "2001:db8::/64"],
    ["2001:db8:0:0:1::5", "2001:db8::/64"],
    ["fe80::1%eth0", "fe80::/64"],
    // Every loopback address in one bucket, and only those.
    ["127.0.0.1", LOOPBACK_KEY],
    ["127.8.9.10", LOOPBACK_KEY],
    ["127.255.255.254", LOOPBACK_KEY],
    ["::1", LOOPBACK_KEY],
    ["::ffff:127.0.0.1", LOOPBACK_KEY],
    ["128.0.0.1", "128.0.0.1"],
    ["::2", "::/64"],
    // Anything that is not an IP address as it is.
    ["unknown", "unknown"],
    ["", ""],
  ])("counts %j as %j", (ip, key) => {
    expect(rateLimitKey(ip)).toBe(key);
  });
});

describe("rate limits per client", () => {
  let app: FastifyInstance | undefined;
  let db: DB | undefined;
  afterEach(async () => {
    await app?.close();
    await db?.destroy();
    app = undefined;
    db = undefined;
  });

  async function start(overrides: Partial<Config> = {}) {
    db = await testDatabase();
    app = await testApp(db, { config: { rateLimit: { max: 2, windowMs: 60_000 }, ...overrides } });
    return app;
  }

  let sent = 0;
  /** Subscribes a new address from `remoteAddress` and returns the status. */
  async function subscribe(
    remoteAddress: string,
    headers: Record<string, string> = {},
  ): Promise<number> {
    const res = await app!.inject({
      method: "POST",
      url: apiPaths.subscribe,
      payload: { email: `reader${++sent}@example.com` },
      remoteAddress,
      headers,
    });
    return res.statusCode;
  }

  // Each sign-up in turn, from its address, and the answer it gets (the limit is 2).
  it.each([
    {
      name: "lets two addresses of one IPv6 /64 share the limit, but not another /64",
      answers: [
        ["2001:db8:1:2::1", 202],
        ["2001:db8:1:2:ffff:ffff:ffff:ffff", 202],
        ["2001:db8:1:2::abcd", 429],
        ["2001:0db8:0001:0002::0002", 429],
        ["2001:db8:1:3::1", 202],
      ],
    },
    {
      name: "counts ::ffff:203.0.113.5 and 203.0.113.5 as one client",
      answers: [
        ["203.0.113.5", 202],
        ["::ffff:203.0.113.5", 202],
        ["203.0.113.5", 429],
        ["::ffff:203.0.113.5", 429],
        ["203.0.113.6", 202],
      ],
    },
  ] as const)("$name", async ({ answers }) => {
    await start();
    for (const [address, status] of answers) expect(await subscribe(address), address).toBe(status);
  });

  it.each([
    { trustProxy: true as const, name: "true" },
    { trustProxy: ["10.0.0.0/8"], name: "the proxy's range" },
  ])(
    "keys on the client address from X-Forwarded-For with TRUST_PROXY=$name",
    async ({ trustProxy }) => {
      await start({ trustProxy });
      const proxy = "10.0.0.1";
      const from = (client: string) => ({ "x-forwarded-for": client });
      expect(await subscribe(proxy, from("2001:db8:7:7::1"))).toBe(202);
      expect(await subscribe(proxy, from("2001:db8:7:7::2"))).toBe(202);
      expect(await subscribe(proxy, from("2001:db8:7:7::3"))).toBe(429);
      // Other clients behind the same proxy are not held back by that one.
      expect(await subscribe(proxy, from("2001:db8:7:8::1"))).toBe(202);
      expect(await subscribe(proxy, from("::ffff:198.51.100.9"))).toBe(202);
      expect(await subscribe(proxy, from("198.51.100.9"))).toBe(202);
      expect(await subscribe(proxy, from("198.51.100.9"))).toBe(429);
    },
  );

  it("ignores X-Forwarded-For from a client that is not a trusted proxy", async () => {
    await start({ trustProxy: ["10.0.0.0/8"] });
    const from = (client: string) => ({ "x-forwarded-for": client });
    expect(await subscribe("203.0.113.9", from("198.51.100.1"))).toBe(202);
    expect(await subscribe("203.0.113.9", from("198.51.100.2"))).toBe(202);
    expect(await subscribe("203.0.113.9", from("198.51.100.3"))).toBe(429);
  });
});
