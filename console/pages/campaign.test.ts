import { expect, it } from "vitest";
import { readAgainIn } from "./campaign";

const now = Date.parse("2026-12-07T10:00:00Z");
const scheduled = (at: string) => ({ status: "scheduled", scheduledAt: at });

it("reads a sending campaign every few seconds, and a draft or a finished one never", () => {
  expect(readAgainIn({ status: "sending", scheduledAt: null }, now)).toBe(5_000);
  expect(readAgainIn({ status: "draft", scheduledAt: null }, now)).toBeNull();
  expect(readAgainIn({ status: "sent", scheduledAt: "2026-12-07T09:00:00Z" }, now)).toBeNull();
});

it("reads a scheduled campaign again once its time has come, and keeps reading until it starts", () => {
  expect(readAgainIn(scheduled("2026-12-07T10:10:00Z"), now)).toBe(10 * 60_000 + 5_000);
  // Its time has passed and the server has not started it yet: soon again.
  expect(readAgainIn(scheduled("2026-12-07T09:59:00Z"), now)).toBe(5_000);
  // Weeks away: within the hour all the same (a browser fires a longer timer at once).
  expect(readAgainIn(scheduled("2027-01-20T10:00:00Z"), now)).toBe(60 * 60_000);
});
