import { afterEach, describe, expect, it } from "vitest";
import { formatDateTime, fromAccraInput, toAccraInput } from "./format";

// The console shows and takes Accra's time whatever the device's zone: these run on a device set
// to Lagos (UTC+1) and to New York (UTC-5, with daylight saving), where the device's own clock
// would put the same typed time an hour or five away.
const DEVICE_ZONE = process.env.TZ;
afterEach(() => {
  if (DEVICE_ZONE === undefined) delete process.env.TZ;
  else process.env.TZ = DEVICE_ZONE;
});

describe.each(["Africa/Lagos", "America/New_York"])("times on a device in %s", (zone) => {
  it("are shown on Accra's clock, and say so", () => {
    process.env.TZ = zone;
    expect(formatDateTime("2026-11-27T10:00:00Z")).toBe("27 Nov 2026, 10:00 Accra time");
    expect(formatDateTime("2026-07-01T23:30:00.000Z")).toBe("1 Jul 2026, 23:30 Accra time");
    expect(formatDateTime(null)).toBe("—");
    expect(formatDateTime("not a date")).toBe("—");
  });

  it("typed into a date and time field are read on Accra's clock, not the device's", () => {
    process.env.TZ = zone;
    // What the field used to mean: the device's clock.
    expect(new Date("2026-11-27T10:00").toISOString()).not.toBe("2026-11-27T10:00:00.000Z");
    expect(fromAccraInput("2026-11-27T10:00")?.toISOString()).toBe("2026-11-27T10:00:00.000Z");
    expect(fromAccraInput("2026-07-01T00:00")?.toISOString()).toBe("2026-07-01T00:00:00.000Z");
    expect(toAccraInput(new Date("2026-11-27T10:00:00Z"))).toBe("2026-11-27T10:00");
    expect(toAccraInput(new Date("2026-07-01T00:05:00Z"))).toBe("2026-07-01T00:05");
    for (const value of ["", "2026-02-30T10:00", "2026-11-27T24:00", "2026-11-27 10:00", "10:00"]) {
      expect(fromAccraInput(value), value).toBeNull();
    }
  });
});
