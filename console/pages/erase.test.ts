import { describe, expect, it } from "vitest";
import { describeErased } from "./erase";

describe("describeErased", () => {
  it("names each kind of record erased, in the page's order, singular or plural", () => {
    expect(
      describeErased({
        outbox: 2,
        lead_states: 1,
        lead_events: 3,
        newsletter_subscriptions: 1,
        contact_messages: 2,
        demo_requests: 0,
      }),
    ).toBe(
      "1 newsletter subscription, 2 contact messages, 1 lead status and owner, " +
        "3 notes and history entries, 2 queued e-mails",
    );
  });

  it("says nothing was stored when every count is 0", () => {
    expect(describeErased({ outbox: 0, contact_messages: 0 })).toBeNull();
    expect(describeErased({})).toBeNull();
  });

  it("reads camelCase keys too, and shows a kind it does not know in plain words", () => {
    expect(describeErased({ contactMessages: 1, chat_transcripts: 4 })).toBe(
      "1 contact message, 4 chat transcripts",
    );
  });
});
