import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { type AddressInfo, connect } from "node:net";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../db/database";
import { loadSiteFiles } from "../static/site-files";
import { postJson, testApp, testDatabase } from "../testing/lead-api";
import { inlineScriptHashes, pageCsp } from "./csp";
import { apiPaths } from "../../common/paths";

const PAGE = `<!doctype html><html><head>
<script type="application/ld+json">{"@type":"Organization"}</script>
<script>window.__context = {"a":1};</script>
<script type="module">import("/assets/entry.js");</script>
<script src="/assets/x.js"></script>
</head><body></body></html>`;

describe("inline script hashes", () => {
  it("hashes executable inline scripts only", () => {
    const hashes = inlineScriptHashes(PAGE);
    expect(hashes).toHaveLength(2);
    // sha256 of `window.__context = {"a":1};`, from openssl dgst -sha256 -binary | base64.
    expect(hashes[0]).toBe("'sha256-6sE4FCHVOpkAQ/7I2/hgo22m10fPynzaMtU/1EB99OQ='");
  });

  it("builds a policy without unsafe-inline scripts", () => {
    const csp = pageCsp(["'sha256-abc'"], { frameOrigins: ["https://forms.example"] });
    expect(csp).toContain("script-src 'self' 'sha256-abc'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    for (const directive of [
      "default-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      "frame-src https://forms.example",
    ]) {
      expect(csp).toContain(directive);
    }
  });
});

describe("the console's policy", () => {
  it("lets the console frame our own pages (a draft's preview), and no other page", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "site-"));
    await mkdir(path.join(dir, "404"), { recursive: true });
    await mkdir(path.join(dir, "staff"), { recursive: true });
    await writeFile(path.join(dir, "index.html"), PAGE);
    await writeFile(path.join(dir, "404", "index.html"), PAGE);
    await writeFile(path.join(dir, "staff", "index.html"), PAGE);
    const site = await loadSiteFiles(dir, { frameOrigins: ["https://forms.example"] });
    expect(site.console?.csp).toContain("frame-src https://forms.example 'self'");
    expect(site.files.get("/")?.csp).toContain("frame-src https://forms.example;");
  });
});

describe("security headers, CORS and methods", () => {
  let app: FastifyInstance;
  let db: DB;

  beforeAll(async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "site-"));
    await mkdir(path.join(dir, "404"), { recursive: true });
    await writeFile(path.join(dir, "index.html"), PAGE);
    await writeFile(path.join(dir, "404", "index.html"), PAGE);
    db = await testDatabase();
    const site = await loadSiteFiles(dir, { frameOrigins: ["https://forms.example"] });
    app = await testApp(db, { config: { trustProxy: true }, site });
  });
  afterAll(async () => {
    await app.close();
    await db.destroy();
  });

  /** A newsletter sign-up sent with these headers (an Origin, a Host). */
  const subscribeWith = (headers: Record<string, string>, email = "a@b.gh") =>
    postJson(app, apiPaths.subscribe, { email }, { headers });

  it("sends the security headers on pages, with the page's own script hashes", async () => {
    const res = await app.inject({ url: "/" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["permissions-policy"]).toContain("camera=()");
    expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
    const csp = String(res.headers["content-security-policy"]);
    for (const hash of inlineScriptHashes(PAGE)) expect(csp).toContain(hash);
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("sends them on API answers and errors too, with a policy that allows nothing", async () => {
    for (const url of [apiPaths.health, "/api/nope"]) {
      const res = await app.inject({ url });
      expect(res.headers["x-content-type-options"], url).toBe("nosniff");
      expect(res.headers["content-security-policy"], url).toMatch(/^default-src 'none'/);
    }
  });

  it("adds HSTS only over HTTPS (here: a trusted TLS proxy)", async () => {
    const res = await app.inject({ url: "/", headers: { "x-forwarded-proto": "https" } });
    expect(res.headers["strict-transport-security"]).toBe(
      "max-age=63072000; includeSubDomains; preload",
    );
  });

  it("refuses API calls from other sites' pages and sends no CORS headers", async () => {
    const foreign = await subscribeWith({ origin: "https://evil.example" });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.headers["access-control-allow-origin"]).toBeUndefined();
    const preflight = await app.inject({
      method: "OPTIONS",
      url: apiPaths.subscribe,
      headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
    });
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
    expect(await db.selectFrom("newsletter_subscriptions").selectAll().execute()).toHaveLength(0);
  });

  it("refuses cross-site writes however the request line spells the path", async () => {
    const paths = [
      apiPaths.subscribe,
      "/%61pi/subscribe",
      "/%61%70%69/contact",
      "/api/%64emo",
      "//api/subscribe",
      "/./api/subscribe",
      "/api/subscribe/",
      "/API/subscribe",
      "/newsletter/confirmed",
    ];
    const foreign = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { origin: "https://site.test.evil.example" },
      { "sec-fetch-site": "cross-site" },
    ];
    for (const url of paths) {
      for (const headers of foreign) {
        const res = await app.inject({
          method: "POST",
          url,
          headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
          payload: "email=victim%40example.com&firstName=A&lastName=B&message=m&agreeToPolicy=on",
        });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    expect(await db.selectFrom("newsletter_subscriptions").selectAll().execute()).toHaveLength(0);
    expect(await db.selectFrom("contact_messages").selectAll().execute()).toHaveLength(0);
  });

  it("refuses a cross-site write whose request line is a full URL", async () => {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    const body = "email=victim%40example.com";
    const statusLine = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () =>
        socket.write(
          `POST http://127.0.0.1:${port}/api/subscribe HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
            `Origin: https://evil.example\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
            `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
        ),
      );
      let answer = "";
      socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
      socket.on("end", () => resolve(answer.split("\r\n")[0] ?? ""));
      socket.on("error", reject);
    });
    expect(statusLine).toBe("HTTP/1.1 403 Forbidden");
    expect(await db.selectFrom("newsletter_subscriptions").selectAll().execute()).toHaveLength(0);
  });

  it("accepts the site's own origin, and no other page for sharing its Host", async () => {
    const own = await subscribeWith({ origin: "https://site.test" });
    expect(own.statusCode).toBe(202);
    // Scheme, host and port are compared with PUBLIC_URL's (origin.test.ts has the cases).
    const sameHost = await subscribeWith(
      { origin: "http://localhost:80", host: "localhost:80" },
      "c@d.gh",
    );
    expect(sameHost.statusCode).toBe(403);
  });

  it("answers a wrong method on a known API path with 405 and Allow", async () => {
    const res = await app.inject({ method: "GET", url: apiPaths.contact });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe("POST");
    expect((await app.inject({ method: "DELETE", url: apiPaths.health })).headers.allow).toBe(
      "GET",
    );
    expect((await app.inject({ method: "GET", url: "/api/unknown" })).statusCode).toBe(404);
  });
});
