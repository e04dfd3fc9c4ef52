/**
 * A reply to a lead as it leaves over SMTP: from the company's address in the rep's name, signed
 * for the company's domain like all mail, answered at the lead's reply+ address.
 */
import { randomUUID } from "node:crypto";
import { authenticate } from "mailauth";
import { describe, expect, it } from "vitest";
import { dkimTxtRecord, newDkimKey } from "../../mail/dkim";
import { leadReplyMail } from "../../mail/emails/lead-reply";
import { testSmtp } from "../../mail/smtp.testing";
import { createTransport } from "../../mail/transports";
import { INBOUND } from "../../newsletter/returns/inbound/inbound.testing";
import { replyAddress } from "./reply-address";

const FROM = "Akwaaba Pay <hello@site.test>";
const dkim = {
  domain: "site.test",
  selector: "mail2026",
  privateKey: newDkimKey("rsa"),
  keyType: "rsa" as const,
};
const record = dkimTxtRecord(dkim.domain, dkim.selector, dkim.privateKey);
const dns: Record<string, string[][]> = {
  [record.name]: [record.strings],
  "_dmarc.site.test": [["v=DMARC1; p=reject"]],
};

describe("a reply to a lead over SMTP", () => {
  it("comes from the company's address in the rep's name, signed, with the lead's Reply-To", async () => {
    const receiver = await testSmtp();
    const transport = createTransport(
      { transport: "smtp", url: `smtp://127.0.0.1:${receiver.port}` },
      FROM,
      dkim,
    );
    const replyTo = replyAddress(INBOUND, "contact", randomUUID());
    const message = await leadReplyMail(
      "kofi@example.com",
      { sender: "Ama Mensah", text: "Dear Kofi,\nTuesday at 10?", leadType: "contact" },
      replyTo,
    );
    await transport.send(message, randomUUID());
    transport.close();
    const arrived = receiver.received[0];
    await receiver.close();
    const raw = arrived?.raw ?? "";
    expect(raw).toMatch(/^From: "?Ama Mensah at Akwaaba Pay"? <hello@site\.test>\r?$/m);
    expect(raw).toMatch(new RegExp(`^Reply-To: ${replyTo.replace("+", "\\+")}\\r?$`, "m"));
    // Bounces of a reply come back to the company's own address, not to the listener.
    expect(arrived?.mailFrom).toBe("hello@site.test");
    const { dkim: result, dmarc } = await authenticate(raw, {
      ip: "127.0.0.1",
      helo: "sender.site.test",
      sender: "hello@site.test",
      mta: "mx.example.com",
      resolver: async (name: string, type: string) => {
        const answer = type === "TXT" ? dns[name] : undefined;
        if (answer) return answer;
        throw Object.assign(new Error(`no ${type} record for ${name}`), { code: "ENOTFOUND" });
      },
      disableArc: true,
      disableBimi: true,
    });
    expect(result.results[0]?.status.result).toBe("pass");
    expect(result.results[0]?.status.aligned).toBe("site.test");
    expect(dmarc && dmarc.status.result).toBe("pass");
  });
});
