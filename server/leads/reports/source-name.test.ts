import { describe, expect, it } from "vitest";
import { sourceName } from "./source-name";

describe("a lead's source", () => {
  it.each([
    ["google", null, "google"],
    ["Google", null, "google"],
    ["google.com", null, "google"],
    [null, "https://www.google.com/", "google"],
    [null, "https://www.google.com.gh/search", "google"],
    [null, "https://l.facebook.com/", "facebook"],
    ["fb", null, "facebook"],
    [null, "https://t.co/abc", "x"],
    [null, "https://news.bbc.co.uk/", "bbc"],
    ["newsletter", "https://www.google.com/", "newsletter"],
    ["Radio ad", null, "radio ad"],
    ["  ", "https://lnkd.in/x", "linkedin"],
  ])("%s, linked from %s, is %s", (tag, referrer, name) => {
    expect(sourceName(tag, referrer)).toBe(name);
  });

  it("is none when the visit said neither", () => {
    expect(sourceName(null, null)).toBeNull();
    expect(sourceName("", "not an address")).toBeNull();
  });
});
