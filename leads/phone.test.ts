import { describe, expect, it } from "vitest";
import { phoneE164, readPhone } from "./phone";

describe("a phone number is read one way", () => {
  it("reads a Ghanaian number the same in every spelling", () => {
    for (const text of [
      "+233 (0) 55 921 1848",
      "+233(0)559211848",
      "0559211848",
      "233559211848",
      "+233 55 921 1848",
      "055-921-1848",
      "(055) 921 1848",
      "00233 55 921 1848",
      "559 211 848",
      "0559211848 (WhatsApp)",
      "055 921 1848 ext. 12",
    ]) {
      expect(readPhone(text), text).toEqual({ e164: "+233559211848", national: "0559211848" });
    }
  });

  it("reads another country's number by its code", () => {
    expect(readPhone("+44 20 7946 0958")).toEqual({
      e164: "+442079460958",
      national: "02079460958",
    });
    expect(phoneE164("0044 20 7946 0958")).toBe("+442079460958");
    expect(phoneE164("+1 202 555 0123")).toBe("+12025550123");
  });

  it("takes a number of a possible length even where no operator uses its digits", () => {
    expect(phoneE164("000 000 0000")).toBe("+233000000000");
  });

  it("finds no number in words, or in too few or too many digits", () => {
    for (const text of [
      "abc",
      "call me",
      "",
      "   ",
      "+",
      "0559",
      "055 921 18481",
      "12/2024",
      // Without its country code a UK number is read as Ghana's, where it is too long.
      "020 7946 0958",
      "0".repeat(300),
    ]) {
      expect(phoneE164(text), text).toBeNull();
    }
  });
});
