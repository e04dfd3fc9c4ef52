import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { fuzzRuns } from "../../../common/fuzz.testing";
import { describe, expect, it } from "vitest";
import { readReturnAddress, readReturnTag, returnAddress, returnTag } from "./return-path";

const inbound = { domain: "bounces.example.com", secret: "s".repeat(16) + "-a-secret-of-32+" };

describe("return path tags", () => {
  it("name the subscriber and the message, within SMTP's 64-character local part", () => {
    fc.assert(
      fc.property(
        fc.uuid(),
        fc.uuid(),
        fc.constantFrom("c" as const, "m" as const),
        (sub, ref, kind) => {
          const address = returnAddress(inbound, kind, sub, ref);
          expect(address.split("@")[0]!.length).toBeLessThanOrEqual(64);
          expect(readReturnAddress(inbound, address)).toEqual({
            kind,
            subscriptionId: sub.toLowerCase(),
            refPrefix: ref.replace(/-/g, "").slice(0, 16).toLowerCase(),
          });
          // An MTA that upper-cases the address does not lose it.
          expect(readReturnAddress(inbound, address.toUpperCase())?.subscriptionId).toBe(
            sub.toLowerCase(),
          );
        },
      ),
      fuzzRuns(100),
    );
  });

  it("refuse a tag whose HMAC does not verify: another secret, one character changed, another domain", () => {
    const tag = returnTag(inbound.secret, "c", randomUUID(), randomUUID());
    expect(readReturnTag("another secret of at least 32 chars", tag)).toBeUndefined();
    const changed = tag.slice(0, 5) + (tag[5] === "a" ? "b" : "a") + tag.slice(6);
    expect(readReturnTag(inbound.secret, changed)).toBeUndefined();
    expect(readReturnAddress(inbound, `bounce+${tag}@other.example.com`)).toBeUndefined();
    expect(readReturnAddress(inbound, `reply+${tag}@${inbound.domain}`)).toBeUndefined();
    expect(readReturnAddress(inbound, `bounce+@${inbound.domain}`)).toBeUndefined();
  });
});
