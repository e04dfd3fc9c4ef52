import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

const dir = mkdtempSync(path.join(tmpdir(), "dkim-"));
function keyFile(name: string, pem: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, pem);
  return file;
}
const pem = (type: "rsa" | "ed25519", bits = 2048) =>
  (type === "rsa"
    ? generateKeyPairSync("rsa", { modulusLength: bits })
    : generateKeyPairSync("ed25519")
  ).privateKey.export({ type: "pkcs8", format: "pem" }) as string;

const DKIM = { DKIM_DOMAIN: "Example.com", DKIM_SELECTOR: "mail2026" };
/** As `openssl rand -base64 32` makes them. */
const INBOUND_SECRET = "q7Rz0c1Jf4yU+0wH9mKp2XvLd8sNbTa3eG6iYoQ5rWc=";
const POSTMARK_PASSWORD = "3f9c1a7e0b5d24c8e6a1f0b7";

describe("mail deliverability settings", () => {
  it("are off unless set", () => {
    expect(loadConfig({}).deliverability).toEqual({
      dkim: undefined,
      inbound: undefined,
      dnsServer: undefined,
      postmark: undefined,
    });
  });

  it("read the DKIM key, RSA of 2048 bits or Ed25519", () => {
    for (const type of ["rsa", "ed25519"] as const) {
      const file = keyFile(`${type}.pem`, pem(type));
      const { dkim } = loadConfig({ ...DKIM, DKIM_PRIVATE_KEY_FILE: file }).deliverability;
      expect(dkim).toMatchObject({ domain: "example.com", selector: "mail2026", keyType: type });
      expect(dkim?.privateKey).toContain("PRIVATE KEY");
    }
  });

  it("refuse a DKIM setting that cannot sign, naming the variable", () => {
    expect(() => loadConfig({ DKIM_DOMAIN: "example.com" })).toThrow(
      /DKIM_SELECTOR: is required with the other DKIM_ settings/,
    );
    expect(() =>
      loadConfig({ ...DKIM, DKIM_PRIVATE_KEY_FILE: keyFile("short.pem", pem("rsa", 1024)) }),
    ).toThrow(/DKIM_PRIVATE_KEY_FILE: holds an RSA key of 1024 bits; DKIM needs at least 2048/);
    expect(() =>
      loadConfig({ ...DKIM, DKIM_PRIVATE_KEY_FILE: keyFile("text.pem", "not a key") }),
    ).toThrow(/DKIM_PRIVATE_KEY_FILE: is not a PEM private key/);
    expect(() =>
      loadConfig({ ...DKIM, DKIM_PRIVATE_KEY_FILE: path.join(dir, "missing.pem") }),
    ).toThrow(/DKIM_PRIVATE_KEY_FILE: cannot be read \(ENOENT\)/);
    expect(() => loadConfig({ ...DKIM, DKIM_DOMAIN: "not a domain" })).toThrow(
      /DKIM_DOMAIN: must be a domain name/,
    );
  });

  it("need the inbound secret and domain together, and a resolver given as an IP", () => {
    expect(() => loadConfig({ INBOUND_MAIL_DOMAIN: "bounces.example.com" })).toThrow(
      /INBOUND_MAIL_SECRET: is required with INBOUND_MAIL_DOMAIN/,
    );
    expect(() =>
      loadConfig({ INBOUND_MAIL_DOMAIN: "bounces.example.com", INBOUND_MAIL_SECRET: "short" }),
    ).toThrow(/INBOUND_MAIL_SECRET: must be at least 32 characters/);
    expect(() => loadConfig({ INBOUND_SMTP_PORT: "2525" })).toThrow(
      /INBOUND_MAIL_DOMAIN: is required with INBOUND_SMTP_PORT/,
    );
    const config = loadConfig({
      HOST: "127.0.0.1",
      INBOUND_MAIL_DOMAIN: "Bounces.Example.com",
      INBOUND_MAIL_SECRET: INBOUND_SECRET,
      INBOUND_SMTP_PORT: "2525",
      DNS_SERVER: "127.0.0.1:5353",
    }).deliverability;
    expect(config.inbound).toEqual({
      domain: "bounces.example.com",
      secret: INBOUND_SECRET,
      smtp: { host: "127.0.0.1", port: 2525 },
    });
    expect(config.dnsServer).toBe("127.0.0.1:5353");
    expect(() => loadConfig({ DNS_SERVER: "dns.google" })).toThrow(/DNS_SERVER: must be an IP/);
    expect(() => loadConfig({ POSTMARK_WEBHOOK_USER: "pm" })).toThrow(
      /POSTMARK_WEBHOOK_PASSWORD: is required/,
    );
  });

  it("refuse a secret or password made by hand, saying how to make one", () => {
    const inbound = (secret: string) => () =>
      loadConfig({ INBOUND_MAIL_DOMAIN: "bounces.example.com", INBOUND_MAIL_SECRET: secret });
    const postmark = (password: string) => () =>
      loadConfig({ POSTMARK_WEBHOOK_USER: "pm", POSTMARK_WEBHOOK_PASSWORD: password });
    const make = /make one with `openssl rand -base64 32`/;
    for (const weak of ["a".repeat(32), "password".repeat(4), "0123456789".repeat(4)]) {
      expect(inbound(weak), weak).toThrow(/INBOUND_MAIL_SECRET: is not random \(a character/);
      expect(inbound(weak), weak).toThrow(make);
      expect(postmark(weak), weak).toThrow(/POSTMARK_WEBHOOK_PASSWORD: is not random/);
    }
    expect(inbound("abcd".repeat(3) + "bacd".repeat(5))).toThrow(
      /INBOUND_MAIL_SECRET: is not random \(fewer than 8 different characters\)/,
    );
    expect(postmark("x")).toThrow(/POSTMARK_WEBHOOK_PASSWORD: must be at least 16 characters/);
    expect(postmark("x")).toThrow(make);

    expect(inbound(INBOUND_SECRET)().deliverability.inbound?.secret).toBe(INBOUND_SECRET);
    // `openssl rand -hex`, which the docs once suggested, passes too.
    const hex = "9b1e04c7d2f85a3e6c0d7b4f1a2e98c5";
    expect(inbound(hex)().deliverability.inbound?.secret).toBe(hex);
    expect(postmark(POSTMARK_PASSWORD)().deliverability.postmark).toEqual({
      user: "pm",
      password: POSTMARK_PASSWORD,
    });
  });
});
