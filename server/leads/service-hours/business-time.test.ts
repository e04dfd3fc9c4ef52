import { describe, expect, it } from "vitest";
import { DEFAULT_DAYS, DEFAULT_TARGETS, type ServiceHours } from "../../../staff-api/service-hours";
import { addBusinessMinutes, businessMinutesBetween } from "./business-time";
import { leadTarget, targetClock } from "./lead-target";

/** Monday to Friday 08:00–17:00 Accra time, with Farmers' Day 2026 (Friday 4 December) off. */
const HOURS: ServiceHours = {
  timezone: "Africa/Accra",
  days: DEFAULT_DAYS,
  holidays: [{ date: "2026-12-04", name: "Farmers' Day" }],
  targets: DEFAULT_TARGETS,
};

/** An instant in Accra, which is UTC+0 all year: the ISO text is the wall clock there. */
const accra = (local: string) => new Date(`${local}Z`);

/** `minutes` business minutes after `from` end at `to` (both wall clocks in Accra). */
function expectAdded(from: string, minutes: number, to: string, hours = HOURS) {
  expect(addBusinessMinutes(accra(from), minutes, hours)).toEqual(accra(to));
}

describe("addBusinessMinutes", () => {
  it("carries a lead on Friday at 16:00 with 240 minutes over the weekend to Monday 11:00", () => {
    expectAdded("2026-11-06T16:00", 240, "2026-11-09T11:00");
  });

  it("skips a public holiday: Thursday 16:00 plus 240 minutes is Monday 11:00 past Farmers' Day", () => {
    expectAdded("2026-12-03T16:00", 240, "2026-12-07T11:00");
    // Without the holiday the Friday counts.
    const noHoliday = { ...HOURS, holidays: [] };
    expectAdded("2026-12-03T16:00", 240, "2026-12-04T11:00", noHoliday);
  });

  it("starts counting a lead that arrives at night or on Sunday at the next opening", () => {
    expectAdded("2026-11-10T22:30", 60, "2026-11-11T09:00");
    expectAdded("2026-11-08T10:00", 480, "2026-11-09T16:00");
    expectAdded("2026-11-09T06:15", 0, "2026-11-09T08:00");
  });

  it("ends exactly at closing time rather than at the next opening", () => {
    expectAdded("2026-11-09T08:00", 540, "2026-11-09T17:00");
    expectAdded("2026-11-09T08:00", 541, "2026-11-10T08:01");
  });

  it("reads each day's own hours, and answers null when no day is ever open", () => {
    // 180 minutes on Saturday 7 November, the other 20 a week later.
    const saturdays: ServiceHours = { ...HOURS, days: { sat: ["09:00", "12:00"] } };
    expectAdded("2026-11-06T10:00", 200, "2026-11-14T09:20", saturdays);
    expect(addBusinessMinutes(accra("2026-11-06T10:00"), 1, { ...HOURS, days: {} })).toBeNull();
  });
});

describe("businessMinutesBetween", () => {
  it("counts only the hours of working days, not nights, weekends or holidays", () => {
    expect(
      businessMinutesBetween(accra("2026-11-06T16:00"), accra("2026-11-09T11:00"), HOURS),
    ).toBe(240);
    expect(
      businessMinutesBetween(accra("2026-12-03T16:00"), accra("2026-12-07T11:00"), HOURS),
    ).toBe(240);
    expect(
      businessMinutesBetween(accra("2026-11-07T00:00"), accra("2026-11-08T23:59"), HOURS),
    ).toBe(0);
  });

  it("is negative when the second instant comes first, with fractions of a minute", () => {
    expect(
      businessMinutesBetween(accra("2026-11-09T11:00"), accra("2026-11-09T10:59:30"), HOURS),
    ).toBe(-0.5);
  });
});

describe("leadTarget", () => {
  const demo = (createdAt: string, firstResponseAt: string | null = null) => ({
    type: "demo" as const,
    createdAt: accra(createdAt).toISOString(),
    firstResponseAt: firstResponseAt && accra(firstResponseAt).toISOString(),
  });
  const at = (local: string) => targetClock(HOURS, accra(local));

  it("says when a demo request is due, and whether it is in time, nearly due or overdue", () => {
    const lead = demo("2026-11-06T16:00");
    const dueAt = accra("2026-11-09T11:00").toISOString();
    expect(leadTarget(lead, at("2026-11-07T12:00"))).toEqual({ dueAt, target: "ok" });
    // Less than a quarter of the 240 minutes left: 59 of them.
    expect(leadTarget(lead, at("2026-11-09T10:01"))).toEqual({ dueAt, target: "near" });
    expect(leadTarget(lead, at("2026-11-09T09:59"))).toEqual({ dueAt, target: "ok" });
    expect(leadTarget(lead, at("2026-11-09T11:00"))).toEqual({ dueAt, target: "overdue" });
  });

  it("says whether an answered lead was answered in time or late, whatever the time now", () => {
    const later = at("2027-01-04T12:00");
    expect(leadTarget(demo("2026-11-06T16:00", "2026-11-09T11:00"), later).target).toBe("met");
    expect(leadTarget(demo("2026-11-06T16:00", "2026-11-09T11:01"), later).target).toBe("missed");
  });
});
