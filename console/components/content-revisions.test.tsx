// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FIELDS, ITEM, json, renderEditor, writes } from "../pages/content-item.testing";

afterEach(() => vi.unstubAllGlobals());

const REVISIONS = [
  { revision: 1, savedAt: "2026-12-01T09:00:00.000Z", savedBy: "ama@example.com", fields: FIELDS },
  {
    revision: 2,
    savedAt: "2026-12-03T14:30:00.000Z",
    savedBy: "esi@example.com",
    fields: { ...FIELDS, title: "Mobile money next year", tags: ["payments", "Ghana"] },
  },
  {
    revision: 3,
    savedAt: "2026-12-05T10:00:00.000Z",
    savedBy: "gone@example.com",
    fields: { ...FIELDS, title: "Mobile money next year" },
  },
];

describe("an item's revisions", () => {
  it("lists each with when and by whom, and compares two field by field", async () => {
    renderEditor({}, { revisions: REVISIONS });
    const list = await screen.findByRole("table", { name: "Revisions, newest first" });
    const rows = within(list).getAllByRole("row").slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      "3 (latest)5 Dec 2026, 10:00 Accra timegone@example.com",
      "23 Dec 2026, 14:30 Accra timeEsi BoatengRestore revision 2…",
      "11 Dec 2026, 09:00 Accra timeAma OwusuRestore revision 1…",
    ]);

    // The latest against the one before: the tags were taken off again.
    const diff = screen.getByRole("table", {
      name: /1 field differs between revision 2 and revision 3/,
    });
    expect(within(diff).getByRole("rowheader", { name: "Tags" })).toBeInTheDocument();
    expect(
      within(diff)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["payments, Ghana", "payments"]);
    expect(within(diff).getByRole("columnheader", { name: "Before (revision 2)" })).toBeVisible();

    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Before" }), "Revision 1");
    const wider = screen.getByRole("table", { name: /1 field differs between revision 1 and/ });
    expect(
      within(wider)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["Mobile money in 2027", "Mobile money next year"]);
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "After" }), "Revision 1");
    expect(screen.getByText("Revisions 1 and 1 have the same fields.")).toBeInTheDocument();
  });

  it("restores a revision once asked, on the version read, as a new revision", async () => {
    const restored = { ...ITEM, revision: 4, fields: REVISIONS[0]!.fields };
    const sent = renderEditor(
      { "POST /api/staff/articles/a1/revisions/1/restore": () => json(restored, 200, '"4"') },
      { revisions: REVISIONS },
    );
    await userEvent.click(await screen.findByRole("button", { name: "Restore revision 1…" }));
    expect(screen.getByRole("group", { name: /Restore revision 1\?/ })).toHaveFocus();
    expect(writes(sent)).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Yes, restore revision 1" }));
    const saidRestored = await screen.findByText("Revision 1 is restored as revision 4.");
    await waitFor(() => expect(saidRestored).toHaveFocus());
    expect(writes(sent)).toEqual([
      {
        method: "POST",
        path: "/api/staff/articles/a1/revisions/1/restore",
        ifMatch: '"3"',
        body: null,
      },
    ]);
    expect(screen.getByRole("textbox", { name: /^Title/ })).toHaveValue("Mobile money in 2027");
  });
});
