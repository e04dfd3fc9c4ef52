import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseLeadKey } from "../../../leads/workflow";
import { likePattern } from "./lead-query";
import { decodeCursor, encodeCursor } from "../../http/page-cursor";

describe("lead ids, cursors and LIKE patterns", () => {
  it("round-trips cursors and refuses anything else", () => {
    const cursor = { createdAt: "2026-11-01T09:00:00.000Z", id: randomUUID() };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(encodeCursor(cursor)).toMatch(/^[A-Za-z0-9_-]+$/);
    for (const text of ["", "!!", "e30", Buffer.from('["2026",1]').toString("base64url")]) {
      expect(decodeCursor(text)).toBeNull();
    }
  });

  it("parses lead ids", () => {
    expect(parseLeadKey("demo_abc-1")).toEqual({ type: "demo", id: "abc-1" });
    expect(parseLeadKey("contact_x")).toEqual({ type: "contact", id: "x" });
    expect(parseLeadKey("newsletter_x")).toBeNull();
    expect(parseLeadKey("demo_a'b")).toBeNull();
  });

  it("escapes LIKE wildcards", () => {
    expect(likePattern("50%_\\A")).toBe("%50\\%\\_\\\\a%");
  });
});
