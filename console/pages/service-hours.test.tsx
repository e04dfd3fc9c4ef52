// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { DEFAULT_DAYS, DEFAULT_TARGETS, type ServiceHours } from "../../staff-api/service-hours";
import { ServiceHoursPage, hoursFromForm } from "./service-hours";

const HOURS: ServiceHours = {
  timezone: "Africa/Accra",
  days: DEFAULT_DAYS,
  holidays: [
    { date: "2026-12-04", name: "Farmers' Day" },
    { date: "2026-12-25", name: "Christmas Day" },
  ],
  targets: DEFAULT_TARGETS,
};

function renderPage() {
  const Stub = createRoutesStub([
    {
      path: "/admin/service-hours",
      Component: ServiceHoursPage,
      HydrateFallback: () => null,
      loader: () => ({ hours: HOURS, version: "3" }),
    },
  ]);
  return render(<Stub initialEntries={["/admin/service-hours"]} />);
}

/** What the form would send now, read as the page's action reads it. */
const sent = () => {
  const form = screen.getByRole("button", { name: "Save service hours" }).closest("form");
  if (!form) throw new Error("no form");
  return { hours: hoursFromForm(new FormData(form)), version: new FormData(form).get("version") };
};

describe("the Service hours page", () => {
  it("shows the days in Accra time, the holidays and the targets as saved", async () => {
    renderPage();
    expect(await screen.findByRole("checkbox", { name: "Monday" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Saturday" })).not.toBeChecked();
    expect(screen.getByLabelText("Monday opens (Accra time)")).toHaveValue("08:00");
    expect(screen.getByText("Working days (Accra time)")).toBeVisible();
    const holidays = screen.getByRole("list", { name: "Holidays" });
    expect(within(holidays).getAllByRole("listitem")).toHaveLength(2);
    expect(screen.getByRole("spinbutton", { name: /Demo request/ })).toHaveValue(240);
    expect(sent()).toEqual({ hours: HOURS, version: "3" });
  });

  it("sends the days ticked with their times, the holidays left and added, and the targets", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole("checkbox", { name: "Friday" }));
    await user.click(screen.getByRole("checkbox", { name: "Saturday" }));
    const opens = screen.getByLabelText("Saturday opens (Accra time)");
    await user.clear(opens);
    await user.type(opens, "09:30");
    await user.click(screen.getByRole("button", { name: "Remove Farmers' Day (2026-12-04)" }));
    await user.click(screen.getByRole("button", { name: "Add a holiday" }));
    await user.type(screen.getByLabelText("Holiday 2: date"), "2027-01-08");
    await user.type(screen.getByLabelText("Holiday 2: name"), "Company day");
    const demo = screen.getByRole("spinbutton", { name: /Demo request/ });
    await user.clear(demo);
    await user.type(demo, "120");

    const { hours } = sent();
    expect(hours.days).toEqual({
      mon: ["08:00", "17:00"],
      tue: ["08:00", "17:00"],
      wed: ["08:00", "17:00"],
      thu: ["08:00", "17:00"],
      sat: ["09:30", "17:00"],
    });
    expect(hours.holidays).toEqual([
      { date: "2026-12-25", name: "Christmas Day" },
      { date: "2027-01-08", name: "Company day" },
    ]);
    expect(hours.targets).toEqual({ contact: 480, demo: 120 });
  });
});
