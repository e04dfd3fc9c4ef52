/**
 * The inbox's leads say when each is due and where it stands, reckoned at the server's clock
 * (frozen here) from the service hours: across a weekend, across a public holiday, answered in
 * time or late, and at once after an admin changes the hours.
 */
import { expect, it } from "vitest";
import { leadsApi } from "../../../staff-api/leads";
import { serviceHoursApi } from "../../../staff-api/service-hours";
import { addContact, addDemo } from "../../testing/records";
import { signedInStaff } from "../../testing/staff-api";
import { describeInboxApi, addNote } from "../inbox/inbox.testing";

/** An instant in Accra, which keeps UTC+0: the text is the wall clock there. */
const accra = (local: string) => new Date(`${local}Z`);

describeInboxApi("lead targets in the inbox", (api, { list }) => {
  const targetsOf = async (staff: Parameters<typeof list>[0]) =>
    (await list(staff)).items.map(({ id, dueAt, target }) => ({ id, dueAt, target }));

  it("counts a demo request's 240 minutes over the weekend: due Monday 11:00, near, then overdue", async () => {
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const demo = await addDemo(api, accra("2026-11-06T16:00").toISOString());
    const dueAt = accra("2026-11-09T11:00").toISOString();

    api.clock.now = accra("2026-11-08T20:00");
    expect(await targetsOf(sales)).toEqual([{ id: demo, dueAt, target: "ok" }]);
    api.clock.now = accra("2026-11-09T10:05");
    expect(await targetsOf(sales)).toEqual([{ id: demo, dueAt, target: "near" }]);
    api.clock.now = accra("2026-11-09T11:35");
    expect(await targetsOf(sales)).toEqual([{ id: demo, dueAt, target: "overdue" }]);

    await addNote(sales, demo, "Called back");
    const detail = await sales.read(leadsApi.get, { params: { id: demo } });
    expect(detail).toMatchObject({
      dueAt,
      target: "missed",
      lastActivityAt: api.clock.now.toISOString(),
    });
  });

  it("skips Farmers' Day, and follows the hours an admin saves at once", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    // Thursday 3 December at 16:00: one hour that day, none on the Friday holiday, seven on Monday.
    const contact = await addContact(api, accra("2026-12-03T16:00").toISOString());
    api.clock.now = accra("2026-12-04T12:00");
    await addNote(admin, contact, "Answered on the holiday");
    expect(await targetsOf(admin)).toEqual([
      { id: contact, dueAt: accra("2026-12-07T15:00").toISOString(), target: "met" },
    ]);

    // Saturdays are worked from now on, and contact messages answered within two hours.
    const read = await admin.call(serviceHoursApi.get, {});
    const hours = read.json();
    const saved = await admin.call(serviceHoursApi.save, {
      body: {
        ...hours,
        days: { ...hours.days, sat: ["09:00", "13:00"] },
        targets: { contact: 120, demo: 240 },
      },
      headers: { "if-match": String(read.headers.etag) },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await targetsOf(admin)).toEqual([
      { id: contact, dueAt: accra("2026-12-05T10:00").toISOString(), target: "met" },
    ]);
  });
});
