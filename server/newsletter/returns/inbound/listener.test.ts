import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../../db/database";
import { subscriptionStatus, testDialects } from "../../../testing/lead-api";
import { returnAddress } from "../return-path";
import { thirdPartyLabel } from "../../../privacy/third-parties";
import {
  INBOUND,
  listenForReturns as listen,
  returnToListener,
  recordedReturns,
  smtpRefusal as refused,
  subscriberWithMail,
  useListener,
} from "./inbound.testing";
import { INBOUND_SIZE_LIMIT } from "./listener";
import { arfMessage, autoReplyMessage, dsnMessage } from "./report-samples.testing";

describe.each(testDialects)("the inbound SMTP listener on $name", ({ url }) => {
  const block = useListener(url);

  it("suppresses the subscriber a hard bounce comes back for, however the report names them", async () => {
    const ama = await subscriberWithMail(block.db, "ama@example.com");
    const report = dsnMessage({
      to: ama.returnPath,
      // Forwarded mail: the report names the address it was forwarded to; the tag is the truth.
      recipients: [
        {
          email: "ama.forward@example.net",
          action: "failed",
          status: "5.1.1",
          diagnostic: "550 5.1.1 unknown",
        },
      ],
    });
    const answer = await returnToListener(block.listener.port, ama.returnPath, report);
    expect(answer.response).toMatch(/^250/);
    expect(await recordedReturns(block.db)).toEqual({
      events: [
        {
          source: "smtp",
          // A Message-ID looks like an address: kept as a hash (decision 0039).
          source_ref: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
          type: "hard-bounce",
          email: "ama@example.com",
          subscription_id: ama.subscriptionId,
          outbox_id: ama.outboxId,
          status: "5.1.1",
          // The forwarding target is not the subscriber: kept only as a hash (decision 0039).
          detail: `${thirdPartyLabel("ama.forward@example.net")}: smtp; 550 5.1.1 unknown (folded continuation)`,
          raw: null,
        },
      ],
      suppressions: [{ email: "ama@example.com", reason: "hard-bounce" }],
    });
  });

  it("suppresses on an abuse report, and records a re-delivered report once", async () => {
    const kofi = await subscriberWithMail(block.db, "kofi@example.com");
    const report = arfMessage({ to: kofi.returnPath });
    await returnToListener(block.listener.port, kofi.returnPath, report);
    await returnToListener(block.listener.port, kofi.returnPath, report);
    const { events, suppressions } = await recordedReturns(block.db);
    expect(events.map((e) => [e.type, e.email, e.outbox_id])).toEqual([
      ["complaint", "kofi@example.com", kofi.outboxId],
    ]);
    expect(suppressions).toEqual([{ email: "kofi@example.com", reason: "complaint" }]);
    // A complaint also ends the subscription, as the subscriber's own link would.
    expect(await subscriptionStatus(block.db, kofi.subscriptionId)).toBe("unsubscribed");
  });

  it("keeps an auto-reply whole for review, suppressing nobody", async () => {
    const esi = await subscriberWithMail(block.db, "esi@example.com");
    const reply = autoReplyMessage({ to: esi.returnPath });
    await returnToListener(block.listener.port, esi.returnPath, reply);
    const { events, suppressions } = await recordedReturns(block.db);
    expect(events).toMatchObject([{ type: "unclassified", email: "esi@example.com" }]);
    // What was stored is the message as sent, line ends and all.
    expect(events[0]?.raw).toContain("I am away until Monday.");
    expect(events[0]?.raw).toContain("Subject: Out of office");
    expect(suppressions).toEqual([]);
  });

  it("refuses at RCPT any address but a verified return path or reply address", async () => {
    const ama = await subscriberWithMail(block.db, "ama@example.com");
    const wrongSecret = returnAddress(
      { ...INBOUND, secret: "another secret of at least thirty-two characters" },
      "m",
      ama.subscriptionId,
      ama.outboxId,
    );
    const local = ama.returnPath.split("@")[0] ?? "";
    for (const to of [
      `${local}@elsewhere.example`,
      wrongSecret,
      `postmaster@${INBOUND.domain}`,
      // A return path's tag under the reply prefix verifies as neither.
      `reply+${local.slice("bounce+".length)}@${INBOUND.domain}`,
      `reply+x@${INBOUND.domain}`,
    ]) {
      const answer = await refused(
        returnToListener(block.listener.port, to, autoReplyMessage({ to })),
      );
      expect(answer.code, to).toBe(550);
      expect(answer.text, to).toContain(
        to.startsWith("reply+") ? "No such reply address here" : "No such return address here",
      );
    }
    expect((await recordedReturns(block.db)).events).toEqual([]);
  });

  it("refuses a message over the size limit with 552, storing nothing", async () => {
    const ama = await subscriberWithMail(block.db, "ama@example.com");
    const big = autoReplyMessage({ to: ama.returnPath }) + "x".repeat(INBOUND_SIZE_LIMIT) + "\r\n";
    expect((await refused(returnToListener(block.listener.port, ama.returnPath, big))).code).toBe(
      552,
    );
    expect((await recordedReturns(block.db)).events).toEqual([]);
  });
});

describe("the inbound SMTP listener without its database", () => {
  it("answers 451 when the report cannot be stored, so the sender tries again", async () => {
    // Any database that fails will do: one without its tables.
    const broken = openDatabase({ sqliteFile: ":memory:" });
    const alone = await listen(broken);
    const to = returnAddress(INBOUND, "m", randomUUID(), randomUUID());
    try {
      const report = dsnMessage({
        to,
        recipients: [{ email: "ama@example.com", action: "failed", status: "5.1.1" }],
      });
      expect((await refused(returnToListener(alone.port, to, report))).code).toBe(451);
    } finally {
      await alone.close();
      await broken.destroy();
    }
  });
});
