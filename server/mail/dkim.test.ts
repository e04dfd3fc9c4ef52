import { randomUUID } from "node:crypto";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { authenticate } from "mailauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DkimConfig } from "../config-deliverability";
import { type DkimKeyType, dkimTxtRecord, newDkimKey } from "./dkim";
import type { MailMessage } from "./message";
import { returnAddress } from "../newsletter/returns/return-path";
import { type TestSmtp, testSmtp } from "./smtp.testing";
import { newsletterMail } from "./emails/newsletter-mail";
import { createTransport } from "./transports";

const FROM = "Site News <news@site.test>";
/** One key of each type the server signs with, each published under its own selector. */
const keys: Record<DkimKeyType, DkimConfig> = {
  rsa: { domain: "site.test", selector: "mail2026", privateKey: newDkimKey("rsa"), keyType: "rsa" },
  ed25519: {
    domain: "site.test",
    selector: "ed2026",
    privateKey: newDkimKey("ed25519"),
    keyType: "ed25519",
  },
};
const dkim = keys.rsa;
const records = Object.values(keys).map((key) =>
  dkimTxtRecord(key.domain, key.selector, key.privateKey),
);

/**
 * The DNS a receiver would ask: the TXT records as the dkim-key command prints them (in their
 * DNS strings) and a DMARC policy for the From domain; nothing else exists.
 */
const dns: Record<string, string[][]> = {
  ...Object.fromEntries(records.map((record) => [record.name, [record.strings]])),
  "_dmarc.site.test": [["v=DMARC1; p=reject"]],
};
async function resolver(name: string, type: string) {
  const answer = type === "TXT" ? dns[name] : undefined;
  if (answer) return answer;
  throw Object.assign(new Error(`no ${type} record for ${name}`), { code: "ENOTFOUND" });
}

const subscriptionId = randomUUID();
const campaignId = randomUUID();
const envelopeFrom = returnAddress(
  { domain: "returns.site.test", secret: "s".repeat(32) },
  "c",
  subscriptionId,
  campaignId,
);

/** A campaign copy as subscribers get it: list headers, a Feedback-ID, our envelope sender. */
async function campaignCopy(): Promise<MailMessage> {
  const message = await newsletterMail(
    "ama@example.com",
    { subject: "April news", html: "<p>Hello Ama</p>", text: "Hello Ama" },
    {
      unsubscribeUrl: "https://site.test/newsletter/unsubscribe?t=abc",
      oneClickUnsubscribeUrl: "https://site.test/api/newsletter/unsubscribe?t=abc",
    },
  );
  return {
    ...message,
    headers: { ...message.headers, "Feedback-ID": `${campaignId}:newsletter:site` },
    envelopeFrom,
  };
}

const verify = (raw: string) =>
  authenticate(raw, {
    ip: "127.0.0.1",
    helo: "sender.site.test",
    sender: envelopeFrom,
    mta: "mx.example.com",
    resolver,
    disableArc: true,
    disableBimi: true,
  });

/** Sends a campaign copy signed with `key` to a new receiver; what arrived, and the receiver. */
async function sendOverSmtp(key: DkimConfig) {
  const receiver = await testSmtp();
  const transport = createTransport(
    { transport: "smtp", url: `smtp://127.0.0.1:${receiver.port}` },
    FROM,
    key,
  );
  await transport.send(await campaignCopy(), `${campaignId}.${subscriptionId}`);
  transport.close();
  return receiver;
}

describe.each(["rsa", "ed25519"] as const)("mail signed with an %s key over SMTP", (type) => {
  let receiver: TestSmtp;
  let raw = "";
  beforeAll(async () => {
    receiver = await sendOverSmtp(keys[type]);
    raw = receiver.received[0]?.raw ?? "";
  });
  afterAll(() => receiver.close());

  it("arrives with a DKIM signature that verifies, aligned with the From domain", async () => {
    expect(raw).toMatch(new RegExp(`^DKIM-Signature: v=1; a=${type}-sha256;`, "m"));
    const { dkim: result, dmarc } = await verify(raw);
    expect(result.results).toHaveLength(1);
    const signature = result.results[0];
    expect(signature?.status.result).toBe("pass");
    expect(signature?.signingDomain).toBe("site.test");
    expect(signature?.status.aligned).toBe("site.test");
    // The receiver's DMARC check passes on the signature alone (no SPF record here).
    expect(dmarc && dmarc.status.result).toBe("pass");
  });

  it("signs the headers a mailbox provider acts on", async () => {
    const signed = /^DKIM-Signature:[^]*?\bh=([^;]+);/im.exec(raw)?.[1]?.replace(/\s+/g, "");
    const names = (signed ?? "").toLowerCase().split(":");
    for (const name of [
      "from",
      "subject",
      "list-unsubscribe",
      "list-unsubscribe-post",
      "feedback-id",
      "date",
      "message-id",
      "to",
      "mime-version",
      "content-type",
    ]) {
      expect(names).toContain(name);
    }
  });

  it("fails verification when a signed header is changed on the way", async () => {
    const tampered = raw.replace(/^Subject: April news/m, "Subject: April newz");
    expect(tampered).not.toBe(raw);
    const { dkim: result } = await verify(tampered);
    expect(result.results[0]?.status.result).toBe("fail");
  });
});

describe("the envelope sender over SMTP", () => {
  it("is the message's own for subscriber mail, and the From address for other mail", async () => {
    const receiver = await sendOverSmtp(dkim);
    expect(receiver.received[0]?.mailFrom).toBe(envelopeFrom);
    const transport = createTransport(
      { transport: "smtp", url: `smtp://127.0.0.1:${receiver.port}` },
      FROM,
      dkim,
    );
    const { envelopeFrom: _, ...plain } = await campaignCopy();
    await transport.send(plain, randomUUID());
    transport.close();
    expect(receiver.received[1]?.mailFrom).toBe("news@site.test");
    await receiver.close();
  });
});

describe("signed outgoing mail to files", () => {
  it("writes the envelope sender as Return-Path on top, and a signature that verifies", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "mail-dkim-"));
    const transport = createTransport({ transport: "file", dir }, FROM, dkim);
    await transport.send(await campaignCopy(), "copy-1");
    const { envelopeFrom: _, ...plain } = await campaignCopy();
    await transport.send(plain, "plain-1");
    transport.close();

    const copy = await readFile(path.join(dir, "copy-1.eml"), "utf8");
    expect(copy.split("\n")[0]).toBe(`Return-Path: <${envelopeFrom}>`);
    expect((await verify(copy)).dkim.results[0]?.status.result).toBe("pass");
    const other = await readFile(path.join(dir, "plain-1.eml"), "utf8");
    expect(other).not.toMatch(/^Return-Path:/m);
  });
});
