import { afterEach, describe, expect, it } from "vitest";
import { accraWallClock } from "./accra-time";

// The server's zone is whatever its host says: these run as if it were Lagos (UTC+1) and New
// York (UTC-5, with daylight saving). console/format.test.ts covers the console's uses.
const DEVICE_ZONE = process.env.TZ;
afterEach(() => {
  if (DEVICE_ZONE === undefined) delete process.env.TZ;
  else process.env.TZ = DEVICE_ZONE;
});

describe.each(["Africa/Lagos", "America/New_York"])(
  "Accra's wall clock on a host in %s",
  (zone) => {
    it("reads today's instants as they are (GMT), to the millisecond", () => {
      process.env.TZ = zone;
      for (const iso of ["2026-11-27T10:00:01.123Z", "2026-07-01T23:59:59.999Z"]) {
        expect(accraWallClock(new Date(iso)).toISOString()).toBe(iso);
      }
    });

    it("takes the offset from the time zone database, not from an assumption", () => {
      process.env.TZ = zone;
      // Before 1912 Accra kept local mean time, 16 min 8 s behind Greenwich.
      expect(accraWallClock(new Date("1900-01-01T12:00:00.250Z")).toISOString()).toBe(
        "1900-01-01T11:43:52.250Z",
      );
    });
  },
);
