import { describe, expect, it } from "vitest";
import { defaultPasskeyName, relyingPartyOf } from "./passkeys";
import { STAFF_SITE } from "../../testing/staff-api";

describe("relying party", () => {
  it("is the host of the public address, its origin, and the company's name", () => {
    expect(relyingPartyOf("https://www.akwaabapay.com.gh")).toEqual({
      id: "www.akwaabapay.com.gh",
      name: "Akwaaba Pay",
      origin: "https://www.akwaabapay.com.gh",
    });
    expect(relyingPartyOf(STAFF_SITE)).toMatchObject({
      id: "localhost",
      origin: "http://localhost:3000",
    });
  });

  it("names an unnamed passkey after the day it was added", () => {
    expect(defaultPasskeyName(new Date("2026-11-23T23:59:00Z"))).toBe("Passkey added 23 Nov 2026");
    expect(defaultPasskeyName(new Date("2027-09-01T00:00:00Z"))).toBe("Passkey added 1 Sep 2027");
  });
});
