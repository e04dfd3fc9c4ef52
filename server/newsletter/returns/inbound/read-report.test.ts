import { describe, expect, it } from "vitest";
import { readReturnedMessage } from "./read-report";
import { arfMessage, autoReplyMessage, dsnMessage } from "./report-samples.testing";

const TO = "bounce+tag@inbound.site.test";
const NOW = new Date("2026-11-27T04:00:00Z");
const read = (message: string) => readReturnedMessage(Buffer.from(message), NOW);

describe("reading a returned message", () => {
  it("reads each recipient of a DSN: failed 5.x.x hard, failed 4.x.x and delayed soft", async () => {
    const returns = await read(
      dsnMessage({
        to: TO,
        recipients: [
          {
            email: "gone@example.com",
            action: "failed",
            status: "5.1.1",
            diagnostic: "550 5.1.1 User unknown",
          },
          { email: "later@example.com", action: "delayed", status: "4.4.1" },
          { email: "gaveup@example.com", action: "failed", status: "4.4.7" },
          { email: "full@example.com", action: "failed", status: "5.2.2 (mailbox full)" },
          { email: "fine@example.com", action: "delivered", status: "2.0.0" },
        ],
      }),
    );
    expect(returns.map((r) => [r.email, r.type, r.status])).toEqual([
      ["gone@example.com", "hard-bounce", "5.1.1"],
      ["later@example.com", "soft-bounce", "4.4.1"],
      ["gaveup@example.com", "soft-bounce", "4.4.7"],
      // Mailbox full: the mailbox exists, so a soft bounce.
      ["full@example.com", "soft-bounce", "5.2.2"],
    ]);
    expect(returns[0]?.detail).toBe(
      "gone@example.com: smtp; 550 5.1.1 User unknown (folded continuation)",
    );
    // One report, several events: each its own ref, the same every time it is read.
    expect(returns.map((r) => r.sourceRef)).toEqual([
      "<dsn-1@mx.example.net> #1",
      "<dsn-1@mx.example.net> #2",
      "<dsn-1@mx.example.net> #3",
      "<dsn-1@mx.example.net> #4",
    ]);
    expect(returns.every((r) => r.raw === undefined && r.at === NOW)).toBe(true);
  });

  it("takes a single recipient's ref to be the report's Message-ID", async () => {
    const [only] = await read(
      dsnMessage({
        to: TO,
        recipients: [{ email: "a@example.com", action: "failed", status: "5.7.1" }],
      }),
    );
    expect(only).toMatchObject({ sourceRef: "<dsn-1@mx.example.net>", type: "hard-bounce" });
  });

  it("records nothing for a DSN that reports deliveries only", async () => {
    const message = dsnMessage({
      to: TO,
      recipients: [{ email: "a@example.com", action: "relayed", status: "2.0.0" }],
    });
    expect(await read(message)).toEqual([]);
  });

  it("reads an ARF abuse report as a complaint, and not-spam as nothing", async () => {
    expect(await read(arfMessage({ to: TO, rcptTo: "ama@example.com" }))).toEqual([
      {
        sourceRef: "<arf-1@fbl.example.net>",
        type: "complaint",
        email: "ama@example.com",
        status: null,
        detail: "ama@example.com: complaint (abuse) reported by ExampleFBL/1.0",
        at: NOW,
      },
    ]);
    const [redacted] = await read(arfMessage({ to: TO }));
    expect(redacted).toMatchObject({ type: "complaint", email: null });
    expect(await read(arfMessage({ to: TO, feedbackType: "not-spam" }))).toEqual([]);
  });

  it("keeps anything else whole, unclassified: an auto-reply, a DSN it cannot read", async () => {
    const reply = autoReplyMessage({ to: TO });
    expect(await read(reply)).toEqual([
      {
        sourceRef: "<ooo-1@mail.example.com>",
        type: "unclassified",
        email: null,
        status: null,
        detail: "Not a delivery or abuse report; subject: Out of office",
        raw: reply,
        at: NOW,
      },
    ]);
    const odd = dsnMessage({
      to: TO,
      recipients: [{ email: "a@example.com", action: "failed", status: "none" }],
    });
    const [unread] = await read(odd);
    expect(unread).toMatchObject({ type: "unclassified", raw: odd });
    expect(unread?.detail).toContain("Action failed and no readable Status");
  });

  it("names a message without a Message-ID by its digest, so a repeat is still one", async () => {
    const message = autoReplyMessage({ to: TO }).replace(/^Message-ID:.*\r\n/m, "");
    const [first] = await read(message);
    const [again] = await read(message);
    expect(first?.sourceRef).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(again?.sourceRef).toBe(first?.sourceRef);
  });
});
