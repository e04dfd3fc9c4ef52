/**
 * The response time report: by owner and by lead type, how many leads were answered, how many by
 * their due time (service hours, frozen clock), the share in time and the average.
 */
import { describe, expect, it } from "vitest";
import { reportsApi } from "../../../staff-api/reports";
import { testDialects } from "../../testing/lead-api";
import { answered, refusedWith } from "../../testing/checks";
import { addContact, addDemo } from "../../testing/records";
import { signedInStaff, useStaffApi } from "../../testing/staff-api";
import { addNote, changeLead } from "../inbox/inbox.testing";

const accra = (local: string) => new Date(`${local}Z`);

describe.each(testDialects)("response time report on $name", ({ url }) => {
  const api = useStaffApi(url);

  it("counts each owner's and each type's leads answered in time against their targets", async () => {
    api.clock.now = accra("2026-11-09T10:00");
    const ama = await signedInStaff(api, "ama@example.com", "sales");
    // Friday 16:00: the demo request is due Monday 11:00, the contact message Monday 15:00.
    const inTime = await addDemo(api, accra("2026-11-06T16:00").toISOString());
    const late = await addDemo(api, accra("2026-11-06T16:00").toISOString());
    const unowned = await addContact(api, accra("2026-11-06T16:00").toISOString());
    await changeLead(ama, inTime, { owner: "ama@example.com" });
    await changeLead(ama, late, { owner: "ama@example.com" });
    await addNote(ama, inTime, "Called");
    api.clock.now = accra("2026-11-09T12:00");
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    await addNote(admin, late, "Called, late");
    // The contact message, due at 15:00, is not due yet: not counted in the share.
    const res = await admin.call(reportsApi.responseTimes, {
      query: { since: "2026-11-01" },
    });
    const report = answered(reportsApi.responseTimes, res, 200);
    const hour = 3_600_000;
    expect(report.byOwner).toEqual([
      {
        key: "ama@example.com",
        leads: 2,
        answered: 2,
        answeredInTime: 1,
        shareInTime: 0.5,
        // Friday 16:00 to Monday 10:00 and 12:00, on the calendar: 66 and 68 hours.
        averageFirstResponseMs: 67 * hour,
      },
      {
        key: "(nobody)",
        leads: 1,
        answered: 0,
        answeredInTime: 0,
        shareInTime: null,
        averageFirstResponseMs: null,
      },
    ]);
    expect(report.byType).toEqual([
      expect.objectContaining({ key: "contact", leads: 1, answeredInTime: 0, shareInTime: null }),
      expect.objectContaining({ key: "demo", leads: 2, answeredInTime: 1, shareInTime: 0.5 }),
    ]);
    expect(unowned).toMatch(/^contact_/);
  });

  it("refuses a start that is no date, and is not for sales", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    refusedWith(
      400,
      await admin.call(reportsApi.responseTimes, { query: { since: "2026-02-30" } }),
    );
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    refusedWith(403, await sales.call(reportsApi.responseTimes, {}));
  });
});
