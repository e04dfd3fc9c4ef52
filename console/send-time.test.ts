import { describe, expect, it } from "vitest";
import { aboutMinutes, sendTimeSentence, sendingTimeLeft } from "./send-time";

describe("how long a campaign takes to send", () => {
  it("says the rate, the audience and the time, rounded up to the minute", () => {
    expect(sendTimeSentence(12_345, 600)).toBe(
      "At the configured rate of 600 e-mails a minute, sending to 12,345 subscribers takes about 21 minutes.",
    );
    expect(sendTimeSentence(1, 1)).toBe(
      "At the configured rate of 1 e-mail a minute, sending to 1 subscriber takes about 1 minute.",
    );
  });

  it("speaks of hours past the hour, and of less than a minute below it", () => {
    expect(aboutMinutes(0.2)).toBe("less than a minute");
    expect(aboutMinutes(59.5)).toBe("about 1 hour");
    expect(aboutMinutes(120)).toBe("about 2 hours");
    expect(aboutMinutes(125)).toBe("about 2 hours 5 minutes");
    expect(aboutMinutes(61)).toBe("about 1 hour 1 minute");
  });

  it("tells what is left while sending", () => {
    expect(sendingTimeLeft(300, 60)).toBe(
      "About 5 minutes left at the configured rate of 60 e-mails a minute.",
    );
    expect(sendingTimeLeft(10, 60)).toMatch(/^Less than a minute left/);
  });
});
