import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isLoopback, loadConfig } from "./config";

describe("loadConfig", () => {
  it("needs no settings outside production", () => {
    for (const env of [{}, { NODE_ENV: "development" }, { NODE_ENV: "test" }]) {
      const config = loadConfig(env);
      expect(config.host).toBe("0.0.0.0");
      expect(config.publicUrl).toBe("http://localhost:3000");
      // A developer's copy may be opened by any name of this machine; a set PUBLIC_URL is exact.
      expect(config.allowedOrigins).toEqual([
        "http://localhost:3000",
        "http://127.0.0.1:3000",
        "http://[::1]:3000",
      ]);
    }
    expect(loadConfig({ PORT: "8080", PUBLIC_URL: "" }).publicUrl).toBe("http://localhost:8080");
  });

  describe("in production", () => {
    it("refuses to start without PUBLIC_URL when others can reach the server", () => {
      for (const HOST of [undefined, "0.0.0.0", "::", "192.168.1.5", "www.example.com"]) {
        const start = () => loadConfig({ NODE_ENV: "production", HOST });
        expect(start, String(HOST)).toThrow(
          "PUBLIC_URL: is required in production (NODE_ENV=production) when HOST is not " +
            "loopback: e-mail links would point at localhost. Set it to the site's public " +
            "origin, e.g. https://www.akwaabapay.com.gh",
        );
      }
    });

    it("starts without PUBLIC_URL when it listens on loopback only", () => {
      for (const HOST of ["127.0.0.1", "127.0.0.2", "::1", "localhost", "LOCALHOST"]) {
        const config = loadConfig({ NODE_ENV: "production", HOST, PORT: "4000" });
        expect(config.publicUrl, HOST).toBe("http://localhost:4000");
      }
    });

    it("starts with PUBLIC_URL on any address", () => {
      const config = loadConfig({
        NODE_ENV: "production",
        HOST: "0.0.0.0",
        PUBLIC_URL: "https://www.example.com.gh",
      });
      expect(config.publicUrl).toBe("https://www.example.com.gh");
      expect(config.allowedOrigins).toEqual(["https://www.example.com.gh"]);
    });
  });

  it("keeps PUBLIC_URL as an origin, written one way", () => {
    const publicUrl = (PUBLIC_URL: string) => loadConfig({ PUBLIC_URL }).publicUrl;
    expect(publicUrl("https://www.example.com.gh/")).toBe("https://www.example.com.gh");
    expect(publicUrl("HTTPS://WWW.Example.COM.gh")).toBe("https://www.example.com.gh");
    expect(publicUrl("https://www.example.com.gh:443")).toBe("https://www.example.com.gh");
    expect(publicUrl("http://127.0.0.1:8080")).toBe("http://127.0.0.1:8080");
  });

  it("refuses a PUBLIC_URL that is not an http(s) origin, naming it", () => {
    const ORIGIN_ONLY = "must be the site's origin only, without a path, query or fragment";
    const cases: [string, string][] = [
      ["https://www.example.com.gh/leads", ORIGIN_ONLY],
      ["https://www.example.com.gh/?utm=x", ORIGIN_ONLY],
      ["https://www.example.com.gh/#top", ORIGIN_ONLY],
      ["https://user:secret@www.example.com.gh", "must not contain a user name or password"],
      ["https://user@www.example.com.gh", "must not contain a user name or password"],
      ["ftp://www.example.com.gh", "must start with https://"],
      ["javascript:alert(1)", "must start with https://"],
      ["file:///etc/passwd", "must start with https://"],
      ["www.example.com.gh", "must be a URL"],
    ];
    for (const [PUBLIC_URL, message] of cases) {
      const start = () => loadConfig({ PUBLIC_URL });
      expect(start, PUBLIC_URL).toThrow(`PUBLIC_URL: ${message}`);
    }
    // The message shows the origin to use instead.
    expect(() => loadConfig({ PUBLIC_URL: "https://www.example.com.gh/leads?x=1" })).toThrow(
      /fragment: https:\/\/www\.example\.com\.gh$/,
    );
  });

  it("reads TRUST_PROXY as true, false or the proxies' addresses", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1,::1" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "127.0.0.1",
      "::1",
    ]);
    expect(loadConfig({ TRUST_PROXY: "loopback,uniquelocal" }).trustProxy).toEqual([
      "loopback",
      "uniquelocal",
    ]);
  });

  it("refuses a hop count or anything else in TRUST_PROXY, naming it", () => {
    // Fastify would trust no proxy at all with a hop count, so limits would count every client
    // behind the proxy as one.
    expect(() => loadConfig({ TRUST_PROXY: "1" })).toThrow(
      /TRUST_PROXY: a hop count is not supported/,
    );
    for (const TRUST_PROXY of ["proxy.internal", "10.0.0.0/33", "10.0.0.0/0", "yes"]) {
      expect(() => loadConfig({ TRUST_PROXY }), TRUST_PROXY).toThrow(
        `TRUST_PROXY: not an address or range: ${TRUST_PROXY}`,
      );
    }
  });

  it("reads the retention periods, 24 months, 30 and 90 days unless set, and refuses a non-period", () => {
    expect(loadConfig({}).retention).toEqual({
      leadMonths: 24,
      pendingSubscriptionDays: 30,
      messageBodyDays: 90,
    });
    expect(
      loadConfig({ LEAD_RETENTION_MONTHS: "36", MESSAGE_BODY_RETENTION_DAYS: " " }).retention,
    ).toEqual({ leadMonths: 36, pendingSubscriptionDays: 30, messageBodyDays: 90 });
    for (const value of ["0", "1.5", "a year", "-2"]) {
      expect(() => loadConfig({ LEAD_RETENTION_MONTHS: value }), value).toThrow(
        "LEAD_RETENTION_MONTHS: must be a whole number of months from 1 to 1200",
      );
    }
  });
});

describe("isLoopback", () => {
  it("knows loopback addresses and names", () => {
    for (const host of ["127.0.0.1", "127.1.2.3", "::1", "0:0:0:0:0:0:0:1", "localhost"]) {
      expect(isLoopback(host), host).toBe(true);
    }
    for (const host of ["0.0.0.0", "::", "10.0.0.1", "128.0.0.1", "localhost.example.com"]) {
      expect(isLoopback(host), host).toBe(false);
    }
  });
});

describe("staff session settings", () => {
  it("default to 30 idle minutes and 12 hours at most, and refuse nonsense", () => {
    expect(loadConfig({}).staffSessions).toEqual({ idleMinutes: 30, maxHours: 12 });
    expect(
      loadConfig({ STAFF_SESSION_IDLE_MINUTES: "10", STAFF_SESSION_MAX_HOURS: "8" }).staffSessions,
    ).toEqual({ idleMinutes: 10, maxHours: 8 });
    expect(() => loadConfig({ STAFF_SESSION_IDLE_MINUTES: "0" })).toThrow(
      /STAFF_SESSION_IDLE_MINUTES/,
    );
    expect(() => loadConfig({ STAFF_SESSION_MAX_HOURS: "soon" })).toThrow(
      /STAFF_SESSION_MAX_HOURS/,
    );
  });
});

describe("ALLOWED_ORIGINS", () => {
  it("keeps each origin as the browser sends it, after the site's own", () => {
    const config = loadConfig({
      PUBLIC_URL: "https://www.example.com.gh",
      ALLOWED_ORIGINS:
        " HTTPS://Partner.Example:443/ , http://localhost:5173,https://www.example.com.gh",
    });
    expect(config.allowedOrigins).toEqual([
      "https://www.example.com.gh",
      "https://partner.example",
      "http://localhost:5173",
    ]);
  });

  it("refuses anything that is not an http(s) origin, naming it", () => {
    for (const entry of [
      "*",
      "null",
      "partner.example",
      "https://partner.example/app",
      "ftp://x.gh",
    ]) {
      expect(() => loadConfig({ ALLOWED_ORIGINS: `https://ok.example,${entry}` }), entry).toThrow(
        `ALLOWED_ORIGINS: ${entry}: must`,
      );
    }
  });
});

describe("WEBHOOK_SECRET", () => {
  const HOW = "make one with `echo whsec_$(openssl rand -base64 32)`";
  const withSecret = (bytes: Buffer | string) =>
    loadConfig({
      WEBHOOK_URL: "https://crm.example.com/hooks",
      WEBHOOK_SECRET: typeof bytes === "string" ? bytes : `whsec_${bytes.toString("base64")}`,
    });

  it("accepts what openssl rand makes, 24 bytes or more", () => {
    for (const size of [24, 32, 64, 300]) {
      const secret = `whsec_${randomBytes(size).toString("base64")}`;
      expect(withSecret(secret).alerts.webhook?.secret, String(size)).toBe(secret);
    }
  });

  it("refuses fewer than 24 bytes, saying how to make a secret", () => {
    // The attack run's secret: 12 zero bytes.
    expect(() => withSecret("whsec_AAAAAAAAAAAAAAAA")).toThrow(
      `WEBHOOK_SECRET: must hold at least 24 random bytes, this one has 12; ${HOW}`,
    );
    expect(() => withSecret(randomBytes(23))).toThrow(/this one has 23/);
  });

  it("refuses bytes plainly not drawn at random, however long", () => {
    const run = randomBytes(16);
    const weak = {
      "one byte repeated": Buffer.alloc(32, 0x41),
      "a short pattern repeated": Buffer.from("0f1e2d3c".repeat(8), "hex"),
      "a random half repeated": Buffer.concat([run, run]),
      "four different bytes": Buffer.from(randomBytes(40).map((byte) => byte % 4)),
      "a phrase put through base64": Buffer.from("The quick brown fox jumps over 12 lazy dogs"),
    };
    for (const [name, bytes] of Object.entries(weak)) {
      expect(() => withSecret(bytes), name).toThrow(
        "WEBHOOK_SECRET: is not random (a byte or a short pattern repeated, too few different " +
          `bytes, or text); ${HOW}`,
      );
    }
  });

  it("refuses what is not whsec_ and padded base64", () => {
    const random = randomBytes(32).toString("base64");
    for (const secret of [
      "secret",
      random,
      `whsec_${random.replace(/=+$/, "")}`,
      `whsec_${random.slice(0, 20)} ${random.slice(20)}`,
      `whsec_${randomBytes(32).toString("base64url")}`,
      "whsec_",
    ]) {
      expect(() => withSecret(secret), secret).toThrow(
        `WEBHOOK_SECRET: must be whsec_ followed by base64; ${HOW}`,
      );
    }
  });
});
