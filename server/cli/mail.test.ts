import { createPublicKey } from "node:crypto";
import { mkdtemp, readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { deliverabilityConfig } from "../config-deliverability";
import { UsageError } from "./command";
import { commandLine } from "./command.testing";
import { run } from "./mail";

async function mail(dataDir: string, ...args: string[]) {
  let text = "";
  await run(args, (t) => (text += t), { dataDir });
  return text;
}

describe("npm run mail -- dkim-key", () => {
  it("writes a private key only its owner reads, and prints its DNS record and settings", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "dkim-key-"));
    const text = await mail(
      path.join(dir, "keys"),
      "dkim-key",
      "--domain",
      "Site.Test",
      "--selector",
      "mail2026",
    );
    const file = path.join(dir, "keys", "dkim-mail2026-site.test.pem");
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    // The server takes the key as it is, as an RSA key of 2048 bits.
    const settings = deliverabilityConfig(
      { DKIM_DOMAIN: "site.test", DKIM_SELECTOR: "mail2026", DKIM_PRIVATE_KEY_FILE: file },
      "127.0.0.1",
    );
    expect(settings.dkim).toMatchObject({ domain: "site.test", keyType: "rsa" });
    const pem = await readFile(file, "utf8");
    expect(createPublicKey(pem).asymmetricKeyDetails?.modulusLength).toBe(2048);

    // The record printed holds the public half of that key, whole on one line and in strings.
    const publicKey = createPublicKey(pem)
      .export({ type: "spki", format: "der" })
      .toString("base64");
    const value = `v=DKIM1; k=rsa; p=${publicKey}`;
    expect(text).toContain("Name:  mail2026._domainkey.site.test\n");
    expect(text).toContain(`Value: ${value}\n`);
    const strings = [...(/^ {2}(".*")$/m.exec(text)?.[1] ?? "").matchAll(/"([^"]*)"/g)].map(
      (match) => match[1] ?? "",
    );
    expect(strings.length).toBeGreaterThan(1);
    expect(strings.every((part) => part.length <= 255)).toBe(true);
    expect(strings.join("")).toBe(value);
    expect(text).toContain(
      `DKIM_DOMAIN=site.test\n  DKIM_SELECTOR=mail2026\n  DKIM_PRIVATE_KEY_FILE=${file}\n`,
    );
  });

  it("--type ed25519 writes an Ed25519 key and publishes its bare 32-byte public key", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "dkim-key-"));
    const file = path.join(dir, "ed.pem");
    const text = await mail(
      dir,
      "dkim-key",
      "--domain",
      "site.test",
      "--selector",
      "ed2026",
      "--type",
      "ed25519",
      "--out",
      file,
    );
    expect(text).toContain(`Wrote a new Ed25519 private key to ${file}`);
    const settings = deliverabilityConfig(
      { DKIM_DOMAIN: "site.test", DKIM_SELECTOR: "ed2026", DKIM_PRIVATE_KEY_FILE: file },
      "127.0.0.1",
    );
    expect(settings.dkim).toMatchObject({ keyType: "ed25519" });
    // RFC 8463: p= is the raw key, the last 32 bytes of the 44-byte SubjectPublicKeyInfo.
    const spki = createPublicKey(await readFile(file, "utf8")).export({
      type: "spki",
      format: "der",
    });
    const raw = spki.subarray(spki.length - 32).toString("base64");
    expect(text).toContain(`Value: v=DKIM1; k=ed25519; p=${raw}\n`);
  });

  it("never overwrites a file", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "dkim-key-"));
    const file = path.join(dir, "key.pem");
    await writeFile(file, "the key in use");
    await expect(
      mail(dir, "dkim-key", "--domain", "site.test", "--selector", "s1", "--out", file),
    ).rejects.toThrow(/exists; not overwritten/);
    expect(await readFile(file, "utf8")).toBe("the key in use");
  });

  it("refuses what the server's settings would refuse, with the reason", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "dkim-key-"));
    await expect(mail(dir, "dkim-key", "--selector", "s1")).rejects.toThrow(
      new UsageError("--domain is required"),
    );
    await expect(mail(dir, "dkim-key", "--domain", "site", "--selector", "s1")).rejects.toThrow(
      /--domain: must be a domain name/,
    );
    await expect(
      mail(dir, "dkim-key", "--domain", "site.test", "--selector", "a.b"),
    ).rejects.toThrow(/--selector: must be one DNS label/);
    await expect(
      mail(dir, "dkim-key", "--domain", "site.test", "--selector", "s1", "--type", "dsa"),
    ).rejects.toThrow(new UsageError("--type: rsa or ed25519"));
    await expect(mail(dir, "rotate")).rejects.toThrow(/Unknown command: rotate/);
  });

  it("exits with code 2 and the usage on a mistake", async () => {
    await expect(commandLine("mail", ["dkim-key", "--selector", "s1"])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--domain is required[\s\S]*Usage:/),
    });
  });
});
