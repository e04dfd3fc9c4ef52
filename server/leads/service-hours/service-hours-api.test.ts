/**
 * The service hours' API: admins read and replace the days, holidays and targets; a save names
 * the version it was made on, is checked field by field, and is audited.
 */
import { describe, expect, it } from "vitest";
import { site } from "../../../common/site";
import { type ServiceHours, serviceHoursApi } from "../../../staff-api/service-hours";
import { testDialects } from "../../testing/lead-api";
import { answered, auditOf, refusedWith } from "../../testing/checks";
import { type StaffClient, unchecked } from "../../testing/staff-client";
import { signedInStaff, useStaffApi } from "../../testing/staff-api";

describe.each(testDialects)("service hours API on $name", ({ url }) => {
  const api = useStaffApi(url);

  async function open(admin: StaffClient) {
    const res = await admin.call(serviceHoursApi.get, {});
    return { hours: answered(serviceHoursApi.get, res, 200), version: String(res.headers.etag) };
  }
  const save = (admin: StaffClient, body: ServiceHours, version?: string) =>
    admin.call(serviceHoursApi.save, {
      body,
      ...(version === undefined ? {} : { headers: { "if-match": version } }),
    });

  it("starts from the published hours, the default targets and Ghana's holidays", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const { hours } = await open(admin);
    expect(hours.timezone).toBe("Africa/Accra");
    expect(hours.days).toEqual({
      mon: [site.hours.opens, site.hours.closes],
      tue: ["08:00", "17:00"],
      wed: ["08:00", "17:00"],
      thu: ["08:00", "17:00"],
      fri: ["08:00", "17:00"],
    });
    expect(hours.targets).toEqual({ contact: 480, demo: 240 });
    const dates = Object.fromEntries(hours.holidays.map((h) => [h.date, h.name]));
    expect(dates).toMatchObject({
      "2026-03-06": "Independence Day",
      "2026-04-03": "Good Friday",
      "2026-12-04": "Farmers' Day",
      "2027-03-29": "Easter Monday",
      "2027-12-26": "Boxing Day",
    });
    expect(hours.holidays.map((h) => h.date)).toEqual(
      [...hours.holidays.map((h) => h.date)].sort(),
    );
  });

  it("replaces them of the version read, audited; 412 with the current ones when stale, 428 without", async () => {
    const ama = await signedInStaff(api, "ama@example.com", "admin");
    const kofi = await signedInStaff(api, "kofi@example.com", "admin");
    const amasPage = await open(ama);
    const kofisPage = await open(kofi);

    const change: ServiceHours = {
      ...amasPage.hours,
      days: { mon: ["09:00", "18:00"], sat: ["09:00", "13:00"] },
      holidays: [{ date: "2027-01-08", name: "  Company day  " }],
      targets: { contact: 600, demo: 120 },
    };
    const saved = await save(ama, change, amasPage.version);
    expect(answered(serviceHoursApi.save, saved, 200)).toEqual({
      ...change,
      holidays: [{ date: "2027-01-08", name: "Company day" }],
    });
    expect(saved.headers.etag).not.toBe(amasPage.version);
    const [entry] = await auditOf(api, ama.account.id, "service-hours.changed");
    expect(JSON.parse(String(entry?.detail))).toMatchObject({ workingDays: 2, holidays: 1 });

    const stale = await save(
      kofi,
      { ...kofisPage.hours, targets: { contact: 1, demo: 1 } },
      kofisPage.version,
    );
    expect(answered(serviceHoursApi.save, stale, 412).targets).toEqual({ contact: 600, demo: 120 });
    expect(stale.headers.etag).toBe(saved.headers.etag);
    expect(await auditOf(api, kofi.account.id, "service-hours.changed")).toEqual([]);

    refusedWith(428, await save(kofi, kofisPage.hours));
    expect((await open(kofi)).hours.targets).toEqual({ contact: 600, demo: 120 });
  });

  it("refuses bad input with 400 naming the field, changing nothing", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const { hours, version } = await open(admin);
    const refusals: [unknown, RegExp][] = [
      [{ ...hours, days: { mon: ["17:00", "08:00"] } }, /^days\.mon: must open before it closes/],
      [{ ...hours, days: { tue: ["8:00", "17:00"] } }, /^days\.tue\.0: must be a time of day/],
      [{ ...hours, days: { wed: ["08:00", "24:00"] } }, /^days\.wed\.1: must be a time of day/],
      [{ ...hours, days: {} }, /^days: at least one day/],
      [{ ...hours, holidays: [{ date: "2027-02-29", name: "No such day" }] }, /^holidays\.0\.date/],
      [{ ...hours, holidays: [{ date: "2027-01-08", name: "   " }] }, /^holidays\.0\.name: give/],
      [
        {
          ...hours,
          holidays: [
            { date: "2027-01-08", name: "One" },
            { date: "2027-01-08", name: "Two" },
          ],
        },
        /^holidays: each date at most once/,
      ],
      [{ ...hours, targets: { contact: 0, demo: 240 } }, /^targets\.contact: must be more than 0/],
      [{ ...hours, targets: { contact: 480, demo: 2.5 } }, /^targets\.demo: must be whole minutes/],
      [{ ...hours, targets: { contact: 43_201, demo: 240 } }, /^targets\.contact: at most 43200/],
      [{ ...hours, timezone: "Europe/London" }, /^timezone/],
      ["not hours", /./],
    ];
    for (const [body, message] of refusals) {
      const res = await admin.call(serviceHoursApi.save, {
        body: unchecked(body),
        headers: { "if-match": version },
      });
      refusedWith(400, res);
      expect(res.json().error, JSON.stringify(body)).toMatch(message);
    }
    expect((await open(admin)).version).toBe(version);
  });

  it("is for admins only", async () => {
    for (const role of ["sales", "marketing"] as const) {
      const staff = await signedInStaff(api, `${role}@example.com`, role);
      refusedWith(403, await staff.call(serviceHoursApi.get, {}));
    }
  });
});
