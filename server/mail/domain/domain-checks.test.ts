import { generateKeyPairSync } from "node:crypto";
import { createSocket } from "node:dgram";
import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DomainCheck } from "../../../staff-api/mail";
import type { DeliverabilityConfig } from "../../config-deliverability";
import { checkSendingDomain, dkimPublicKey, fromDomainOf } from "./domain-checks";
import { type TestDnsServer, startTestDnsServer } from "./dns-server.testing";

const pem = (type: "rsa" | "ed25519") =>
  (type === "rsa"
    ? generateKeyPairSync("rsa", { modulusLength: 2048 })
    : generateKeyPairSync("ed25519")
  ).privateKey.export({ type: "pkcs8", format: "pem" }) as string;

const KEY = pem("rsa");
const OTHER_KEY = pem("rsa");
const DKIM = {
  domain: "pay.example",
  selector: "mail2026",
  privateKey: KEY,
  keyType: "rsa",
} as const;
const INBOUND = { domain: "bounces.pay.example", secret: "x".repeat(32) };
const SETTINGS = { mailFrom: "Pay <no-reply@pay.example>", publicUrl: "https://www.pay.example" };

const byName = (checks: DomainCheck[]) => Object.fromEntries(checks.map((c) => [c.name, c]));

describe("the sending-domain check", () => {
  let dns: TestDnsServer;
  beforeAll(async () => {
    dns = await startTestDnsServer({});
  });
  afterAll(() => dns.close());

  const check = (deliverability: Omit<DeliverabilityConfig, "dnsServer"> = {}) =>
    checkSendingDomain({
      ...SETTINGS,
      deliverability: { ...deliverability, dnsServer: dns.address },
    }).then(byName);

  it("reads SPF, a matching DKIM key and the inbound MX as fine, and a missing DMARC as missing with the record to publish", async () => {
    dns.table = {
      txt: {
        "pay.example": [
          "v=spf1 mx include:_spf.provider.example ~all",
          "google-site-verification=x",
        ],
        "mail2026._domainkey.pay.example": [`v=DKIM1; k=rsa; p=${dkimPublicKey(KEY).p}`],
      },
      mx: { "bounces.pay.example": [{ priority: 10, exchange: "in.pay.example" }] },
    };
    const checks = await check({ dkim: DKIM, inbound: INBOUND });
    expect(Object.keys(checks)).toEqual(["spf", "dkim", "dmarc", "inbound-mx"]);
    expect(checks.spf).toMatchObject({
      ok: true,
      host: "pay.example",
      found: ["v=spf1 mx include:_spf.provider.example ~all"],
    });
    expect(checks.dkim).toMatchObject({ ok: true, host: "mail2026._domainkey.pay.example" });
    expect(checks["inbound-mx"]).toMatchObject({ ok: true, found: ["10 in.pay.example"] });
    expect(checks.dmarc).toMatchObject({
      ok: false,
      host: "_dmarc.pay.example",
      found: [],
      expected: "v=DMARC1; p=quarantine",
    });
    expect(checks.dmarc?.advice).toMatch(/^DMARC is missing/);
  });

  it("says a published DKIM key that is not the server's fails, and gives the record to publish", async () => {
    const published = `v=DKIM1; k=rsa; p=${dkimPublicKey(OTHER_KEY).p}`;
    dns.table = { txt: { "mail2026._domainkey.pay.example": [published] } };
    const { dkim } = await check({ dkim: DKIM });
    expect(dkim).toMatchObject({
      ok: false,
      found: [published],
      expected: `v=DKIM1; k=rsa; p=${dkimPublicKey(KEY).p}`,
    });
    expect(dkim?.advice).toMatch(/not the key the server signs with/);
  });

  it("gives an Ed25519 key's record as its bare 32 bytes", () => {
    const { keyType, p } = dkimPublicKey(pem("ed25519"));
    expect(keyType).toBe("ed25519");
    expect(Buffer.from(p, "base64")).toHaveLength(32);
  });

  it("refuses a duplicate SPF, an SPF that lets anyone send, a DMARC without a valid policy", async () => {
    dns.table = { txt: { "pay.example": ["v=spf1 mx ~all", "v=spf1 a -all"] } };
    expect((await check()).spf).toMatchObject({
      ok: false,
      advice: expect.stringMatching(/2 SPF records/),
    });
    dns.table = {
      txt: { "pay.example": ["v=spf1 a +all"], "_dmarc.pay.example": ["v=DMARC1; p=sometimes"] },
    };
    const checks = await check();
    expect(checks.spf).toMatchObject({ ok: false, advice: expect.stringMatching(/\+all/) });
    expect(checks.dmarc).toMatchObject({ ok: false, expected: "v=DMARC1; p=quarantine" });
  });

  it("passes a DMARC of p=none but advises quarantine", async () => {
    dns.table = { txt: { "_dmarc.pay.example": ["v=DMARC1; p=none; rua=mailto:d@pay.example"] } };
    const { dmarc } = await check();
    expect(dmarc).toMatchObject({ ok: true, expected: "v=DMARC1; p=quarantine" });
    expect(dmarc?.advice).toMatch(/p=quarantine/);
  });

  it("says what to set when DKIM or the return path is not configured", async () => {
    dns.table = {};
    const checks = await check();
    expect(checks.dkim).toMatchObject({ ok: false, host: null });
    expect(checks.dkim?.advice).toMatch(/DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE/);
    expect(checks["inbound-mx"]?.advice).toMatch(/INBOUND_MAIL_DOMAIN and INBOUND_MAIL_SECRET/);
  });

  it("reports a DNS server that never answers as a failed check with a sentence, within seconds", async () => {
    const silent = createSocket("udp4");
    silent.bind(0, "127.0.0.1");
    await once(silent, "listening");
    const started = Date.now();
    try {
      const checks = byName(
        await checkSendingDomain({
          ...SETTINGS,
          deliverability: { dkim: DKIM, dnsServer: `127.0.0.1:${silent.address().port}` },
        }),
      );
      expect(checks.spf).toMatchObject({
        ok: false,
        advice: expect.stringMatching(/did not answer/),
      });
      expect(checks.dkim).toMatchObject({ ok: false, expected: expect.stringMatching(/^v=DKIM1/) });
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      silent.close();
    }
  }, 15_000);

  it("reads the From domain of MAIL_FROM, with or without a name", () => {
    expect(fromDomainOf("Pay <no-reply@Pay.Example>")).toBe("pay.example");
    expect(fromDomainOf("no-reply@pay.example")).toBe("pay.example");
    expect(fromDomainOf("nobody")).toBeNull();
  });
});
