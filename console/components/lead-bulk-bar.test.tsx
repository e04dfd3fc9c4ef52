// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TeamMember } from "../../staff-api/admin";
import type { BulkChanged } from "../../staff-api/leads";
import { leadSummary } from "../../staff-api/test-samples";
import { renderInbox, stubInboxApi } from "../pages/inbox.testing";
import { bulkOutcome } from "./lead-bulk-bar";

const LOADED = { timeout: 5000 };
const TEAM: TeamMember[] = [
  { email: "ama@example.com", name: "Ama Owusu", role: "sales", disabled: false },
  { email: "kofi@example.com", name: "Kofi Boateng", role: "sales", disabled: false },
];
const LEADS = [
  leadSummary({ id: "contact_a", firstName: "Esi", lastName: "Mensah", version: "3" }),
  leadSummary({ id: "contact_b", firstName: "Yaw", lastName: "Darko", version: "5" }),
  leadSummary({ id: "contact_c", firstName: "Abena", lastName: "Ofori", version: "1" }),
];

const stubApi = (changed: BulkChanged) => stubInboxApi({ leads: LEADS, team: TEAM, changed });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the inbox's bar for several leads", () => {
  it("sends the leads selected at the versions shown, and says what changed and what did not", async () => {
    const stale = leadSummary({
      id: "contact_b",
      firstName: "Yaw",
      lastName: "Darko",
      status: "qualified",
      owner: "kofi@example.com",
      version: "6",
    });
    const fetch = stubApi({
      changed: [{ id: "contact_a", version: "4" }],
      stale: [stale],
      missing: [],
    });
    renderInbox();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("checkbox", { name: "Select Esi Mensah" }, LOADED));
    // No bar until a lead is selected; then it says how many.
    expect(screen.getByRole("form", { name: "Change the selected leads" })).toHaveTextContent(
      "1 selected",
    );
    await user.click(screen.getByRole("checkbox", { name: "Select Yaw Darko" }));
    const bar = screen.getByRole("form", { name: "Change the selected leads" });
    expect(bar).toHaveTextContent("2 selected");
    await user.click(within(bar).getByRole("button", { name: "Mark as spam" }));

    const said = await screen.findByText(/lead changed\./, {}, LOADED);
    expect(said.closest("[role=status]")).not.toBeNull();
    expect(said).toHaveTextContent(
      "1 lead changed. 1 lead was changed by someone else since you loaded the page and was " +
        "left as it is: Yaw Darko — now Qualified, owner Kofi Boateng.",
    );
    const patch = fetch.mock.calls.find(([, init]) => init?.method === "PATCH");
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      items: [
        { id: "contact_a", version: "3" },
        { id: "contact_b", version: "5" },
      ],
      status: "spam",
    });
    // The selection went with the change: the bar too.
    expect(screen.queryByRole("form", { name: "Change the selected leads" })).toBeNull();
  });

  it("selects every lead shown, and gives them to me by default", async () => {
    const fetch = stubApi({
      changed: LEADS.map(({ id }) => ({ id, version: "9" })),
      stale: [],
      missing: [],
    });
    renderInbox();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole("checkbox", { name: "Select all on this page" }, LOADED),
    );
    const bar = screen.getByRole("form", { name: "Change the selected leads" });
    expect(bar).toHaveTextContent("3 selected");
    expect(within(bar).getByRole("combobox", { name: "Assign to" })).toHaveDisplayValue(
      "Me (Ama Owusu)",
    );
    await user.click(within(bar).getByRole("button", { name: "Assign" }));
    expect(await screen.findByText("3 leads changed.", {}, LOADED)).toBeInTheDocument();
    const patch = fetch.mock.calls.find(([, init]) => init?.method === "PATCH");
    expect(JSON.parse(String(patch?.[1]?.body))).toMatchObject({ owner: "ama@example.com" });
  });
});

describe("what a change of several leads says", () => {
  it("names each lead left as it was, with its owner by name or address, and the leads gone", () => {
    const stale = [
      leadSummary({ firstName: "Yaw", lastName: "Darko", status: "won", owner: null }),
      leadSummary({ name: "Efua", firstName: undefined, owner: "gone@example.com" }),
    ];
    expect(bulkOutcome({ changed: [], stale, missing: ["demo_x"] }, TEAM)).toBe(
      "No lead changed. 2 leads were changed by someone else since you loaded the page and " +
        "were left as they are: Yaw Darko — now Won, owner nobody; Efua — now New, owner " +
        "gone@example.com. 1 lead no longer exists.",
    );
  });
});
