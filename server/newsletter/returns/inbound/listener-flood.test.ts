import { describe, expect, it } from "vitest";
import { testDialects } from "../../../testing/lead-api";
import { CONNECTIONS_PER_ADDRESS } from "./client-limits";
import {
  connectFrom,
  recordedReturns,
  returnToListener,
  subscriberWithMail,
  useListener,
} from "./inbound.testing";
import { INBOUND_SIZE_LIMIT, RECIPIENTS_PER_MESSAGE } from "./listener";
import { refWithoutThirdParties, thirdPartyLabel } from "../../../privacy/third-parties";
import { REPORT_RECIPIENT_CAP } from "./read-report";
import { autoReplyMessage, floodReport } from "./report-samples.testing";

// What one client who reads their own return path can send the listener: a report naming
// thousands of recipients, or connection after connection. Neither may take the listener (or
// the server behind it) from the mail servers that really return our mail.

const RECIPIENTS = 15_000;

describe.each(testDialects)("the inbound SMTP listener under a flood, on $name", ({ url }) => {
  // Each loopback address its own client, so that one machine can play two mail servers.
  const block = useListener(url, { clientKey: (address) => address });

  it("records a report naming 15,000 recipients within its cap, the rest kept for review", async () => {
    const ama = await subscriberWithMail(block.db, "ama@example.com");
    const report = floodReport(ama.returnPath, RECIPIENTS);
    expect(report.length).toBeGreaterThan(1_000_000);
    expect(report.length).toBeLessThan(INBOUND_SIZE_LIMIT);

    const answer = await returnToListener(block.listener.port, ama.returnPath, report);
    expect(answer.response).toMatch(/^250/);
    const { events, suppressions } = await recordedReturns(block.db);
    const bounces = events.filter((e) => e.type === "hard-bounce");
    const rest = events.filter((e) => e.type !== "hard-bounce");
    expect(bounces).toHaveLength(REPORT_RECIPIENT_CAP);
    // Each is about the subscriber the tag names, whatever address the report gives.
    expect(new Set(bounces.map((e) => [e.email, e.outbox_id, e.raw].join()))).toEqual(
      new Set([["ama@example.com", ama.outboxId, null].join()]),
    );
    // The report's first recipients, each once, each named only by a hash (not the subscriber).
    expect(bounces.map((e) => e.detail).sort()).toEqual(
      Array.from(
        { length: REPORT_RECIPIENT_CAP },
        (_, i) => `${thirdPartyLabel(`${i.toString(36)}@x.io`)}: Action: failed`,
      ).sort(),
    );
    expect(rest).toMatchObject([
      {
        // The report's Message-ID looks like an address: kept as a hash (decision 0039).
        source_ref: refWithoutThirdParties("<dsn-1@mx.example.net> #more", "ama@example.com"),
        type: "unclassified",
        email: "ama@example.com",
        detail: `${RECIPIENTS - REPORT_RECIPIENT_CAP} more recipients left out: one report records at most ${REPORT_RECIPIENT_CAP}; subject: Undelivered Mail Returned to Sender`,
      },
    ]);
    // The message is kept once for a person to review, its other addresses as hashes (cut at
    // 1 MB: a hash is longer than these short addresses).
    expect(rest[0]?.raw).toContain(
      `Final-Recipient: rfc822; ${thirdPartyLabel(`${REPORT_RECIPIENT_CAP.toString(36)}@x.io`)}`,
    );
    expect(suppressions).toEqual([{ email: "ama@example.com", reason: "hard-bounce" }]);
  });

  it("refuses one address's connections over its limit with 421, and still greets another", async () => {
    const held = [];
    try {
      for (let i = 0; i < CONNECTIONS_PER_ADDRESS; i++) {
        held.push(await connectFrom(block.listener.port, "127.0.0.1"));
      }
      expect(held.map((c) => c.reply.slice(0, 4))).toEqual(
        Array(CONNECTIONS_PER_ADDRESS).fill("220 "),
      );
      const over = await connectFrom(block.listener.port, "127.0.0.1");
      held.push(over);
      expect(over.reply).toBe("421 4.7.0 Too many connections from your address, try later");
      const other = await connectFrom(block.listener.port, "127.0.0.2");
      held.push(other);
      expect(other.reply).toMatch(/^220 /);
      // A connection that ends gives its place back, as soon as the listener has seen it close.
      held[0]?.socket.end();
      let again = await connectFrom(block.listener.port, "127.0.0.1");
      for (let tries = 0; again.reply.startsWith("421") && tries < 50; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        again = await connectFrom(block.listener.port, "127.0.0.1");
      }
      held.push(again);
      expect(again.reply).toMatch(/^220 /);
    } finally {
      for (const { socket } of held) socket.destroy();
    }
  });

  it("takes one message for at most 5 return paths, keeping it once for each", async () => {
    const subscribers = [];
    for (let i = 0; i <= RECIPIENTS_PER_MESSAGE; i++)
      subscribers.push(await subscriberWithMail(block.db, `s${i}@example.com`));
    const paths = subscribers.map((s) => s.returnPath);
    const answer = await returnToListener(
      block.listener.port,
      paths,
      autoReplyMessage({ to: paths[0] ?? "" }),
    );
    expect(answer.accepted).toEqual(paths.slice(0, RECIPIENTS_PER_MESSAGE));
    expect(answer.rejected).toEqual(paths.slice(RECIPIENTS_PER_MESSAGE));
    // What the sender is told (nodemailer has it, its types do not).
    const { rejectedErrors } = answer as { rejectedErrors?: { response: string }[] };
    expect(rejectedErrors?.map((e) => e.response)).toEqual([
      "452 4.5.3 Too many recipients; send the rest separately",
    ]);
    const { events } = await recordedReturns(block.db);
    expect(events.map((e) => e.email).sort()).toEqual(
      subscribers.slice(0, RECIPIENTS_PER_MESSAGE).map((_, i) => `s${i}@example.com`),
    );
  });
});
