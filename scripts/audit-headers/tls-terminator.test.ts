import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestCertificates } from "./certificates";
import { type TlsTerminator, startTlsTerminator } from "./tls-terminator";

const hasOpenssl = spawnSync("openssl", ["version"]).status === 0;

function get(
  url: string,
  options: https.RequestOptions = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const client = url.startsWith("https:") ? https : http;
  return new Promise((resolve, reject) => {
    client
      .get(url, { ...options, agent: false }, (res) => {
        let body = "";
        res.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on("error", reject);
  });
}

// Ephemeral ports here; the audit itself uses 443 and 80.
describe.skipIf(!hasOpenssl)("the audit's TLS terminator", () => {
  let dir: string;
  let ca: Buffer;
  let upstream: http.Server;
  let terminator: TlsTerminator;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "tls-terminator-"));
    const certs = await createTestCertificates(dir, "localhost");
    ca = await readFile(certs.caFile);
    upstream = http.createServer((req, res) => {
      res.writeHead(200, { "content-type": "application/json", "x-from-upstream": "yes" });
      res.end(JSON.stringify({ url: req.url, headers: req.headers }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    terminator = await startTlsTerminator({
      key: await readFile(certs.keyFile),
      cert: await readFile(certs.certFile),
      publicHost: "localhost",
      upstream: { host: "127.0.0.1", port: (upstream.address() as AddressInfo).port },
      httpsPort: 0,
      httpPort: 0,
    });
  });
  afterAll(async () => {
    await terminator?.close();
    upstream?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("serves a certificate for the host that only the test CA vouches for", async () => {
    const url = `https://localhost:${terminator.httpsPort}/`;
    await expect(get(url)).rejects.toThrow(/self[- ]signed|unable to (get|verify)/i);
    expect((await get(url, { ca })).status).toBe(200);
  });

  it("proxies HTTPS with X-Forwarded-Proto: https and passes the answer's headers through", async () => {
    const res = await get(`https://localhost:${terminator.httpsPort}/about-us?x=1`, {
      ca,
      headers: { "x-forwarded-proto": "http", "x-forwarded-for": "203.0.113.9" },
    });
    expect(res.headers["x-from-upstream"]).toBe("yes");
    const seen = JSON.parse(res.body) as { url: string; headers: http.IncomingHttpHeaders };
    expect(seen.url).toBe("/about-us?x=1");
    // What the client claimed is replaced, not forwarded.
    expect(seen.headers["x-forwarded-proto"]).toBe("https");
    expect(seen.headers["x-forwarded-for"]).toBe("127.0.0.1");
    expect(seen.headers.host).toBe(`localhost:${terminator.httpsPort}`);
  });

  it("redirects HTTP to HTTPS on the configured host, whatever Host says", async () => {
    const res = await get(`http://127.0.0.1:${terminator.httpPort}/contact-us?a=b`, {
      headers: { host: "evil.example" },
    });
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(`https://localhost:${terminator.httpsPort}/contact-us?a=b`);
  });
});
