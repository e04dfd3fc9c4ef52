import { describe, expect, it } from "vitest";
import {
  CONNECTIONS_PER_ADDRESS,
  MESSAGES_PER_CONNECTION,
  MESSAGES_PER_MINUTE_PER_ADDRESS,
  clientLimits,
} from "./client-limits";

/** What a refusal tells the client: its reply code and text, or null to go on. */
function reply(error: Error | undefined) {
  return error
    ? `${(error as Error & { responseCode: number }).responseCode} ${error.message}`
    : null;
}

describe("the inbound listener's limits per client", () => {
  it("takes 60 messages a minute from one address, then 451 until the minute is over", () => {
    let now = 0;
    const limits = clientLimits(() => now);
    const session = (id: string, remoteAddress: string) => ({ id, remoteAddress, transaction: 1 });
    for (let i = 0; i < MESSAGES_PER_MINUTE_PER_ADDRESS; i++) {
      // Over several connections of the address: the count is the address's.
      expect(reply(limits.mailFrom(session(`s${i % 3}`, "192.0.2.1")))).toBeNull();
    }
    expect(reply(limits.mailFrom(session("s4", "192.0.2.1")))).toBe(
      "451 4.7.1 Too many messages from your address (at most 60 a minute); try again later",
    );
    // Another address is not held back by the first; one in the same IPv6 /64 would be.
    expect(reply(limits.mailFrom(session("t", "192.0.2.2")))).toBeNull();
    now += 60_000;
    expect(reply(limits.mailFrom(session("s5", "192.0.2.1")))).toBeNull();
  });

  it("takes 20 messages on one connection, then asks for a new one", () => {
    const limits = clientLimits();
    const at = (transaction: number) => ({ id: "s", remoteAddress: "192.0.2.1", transaction });
    expect(reply(limits.mailFrom(at(MESSAGES_PER_CONNECTION)))).toBeNull();
    expect(reply(limits.mailFrom(at(MESSAGES_PER_CONNECTION + 1)))).toBe(
      "451 4.7.1 At most 20 messages per connection; reconnect later",
    );
  });

  it("counts a whole IPv6 /64 as one client, as the HTTP rate limits do", () => {
    const limits = clientLimits();
    const from = (n: number, prefix = "2001:db8:0:1") => ({
      id: `${prefix}-${n}`,
      remoteAddress: `${prefix}::${n.toString(16)}`,
      transaction: 1,
    });
    for (let n = 1; n <= CONNECTIONS_PER_ADDRESS; n++)
      expect(limits.connect(from(n))).toBeUndefined();
    // A fresh address in the same /64 is the same client; one in another /64 is not.
    expect(reply(limits.connect(from(99)))).toBe(
      "421 4.7.0 Too many connections from your address, try later",
    );
    expect(limits.connect(from(1, "2001:db8:0:2"))).toBeUndefined();
    limits.close(from(1));
    expect(limits.connect(from(99))).toBeUndefined();
  });
});
