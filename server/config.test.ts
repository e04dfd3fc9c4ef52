import { describe, expect, it } from "vitest";
import { isLoopback, loadConfig } from "./config";

describe("loadConfig", () => {
  it("needs no settings outside production", () => {
    for (const env of [{}, { NODE_ENV: "development" }, { NODE_ENV: "test" }]) {
      const config = loadConfig(env);
      expect(config.host).toBe("0.0.0.0");
      expect(config.publicUrl).toBe("http://localhost:3000");
      expect(config.allowedOrigins).toEqual(["http://localhost:3000"]);
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
