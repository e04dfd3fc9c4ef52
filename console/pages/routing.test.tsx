// @vitest-environment jsdom
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TeamMember } from "../../staff-api/admin";
import type { RoutingRule } from "../../staff-api/routing";
import { RoutingPage } from "./routing";

const TEAM: TeamMember[] = [
  { email: "ama@example.com", name: "Ama", role: "sales", disabled: false },
  { email: "esi@example.com", name: "Esi", role: "admin", disabled: false },
  { email: "kofi@example.com", name: "Kofi", role: "sales", disabled: true },
  { email: "yaw@example.com", name: "Yaw", role: "marketing", disabled: false },
];

const RULES: RoutingRule[] = [
  { type: "contact", owner: "ama@example.com" },
  { type: "demo", product: "aslan", rotation: ["ama@example.com", "esi@example.com"] },
];

afterEach(() => vi.unstubAllGlobals());

/** The page with `rules` loaded at version 3, and what its saves sent. */
function renderRouting(rules: RoutingRule[], answer?: () => Response) {
  const sent: { body: { rules: RoutingRule[] }; ifMatch: string | null }[] = [];
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { rules: RoutingRule[] };
    sent.push({ body, ifMatch: new Headers(init.headers).get("if-match") });
    return answer?.() ?? Response.json(body, { headers: { etag: '"4"' } });
  });
  vi.stubGlobal("fetch", fetch);
  const Stub = createRoutesStub([
    {
      path: "/routing",
      Component: RoutingPage,
      HydrateFallback: () => null,
      loader: () => ({ rules, version: '"3"', team: TEAM }),
    },
  ]);
  render(<Stub initialEntries={["/routing"]} />);
  return sent;
}

const rule = (number: number) => screen.getByRole("group", { name: `Rule ${number}` });

describe("the lead routing page", () => {
  it("offers enabled sales and admins only, and saves the rules in the order set, on the version read", async () => {
    const sent = renderRouting(RULES);
    const second = await screen.findByRole("group", { name: "Rule 2" });
    const members = within(second).getByRole("group", { name: "Members of the rotation, in turn" });
    expect(
      within(members)
        .getAllByRole("checkbox")
        .map((box) => box.parentElement?.textContent),
    ).toEqual(["Ama", "Esi"]);

    // Rule 2 moved up keeps the focus on its button, and the order shows at once.
    await userEvent.click(within(second).getByRole("button", { name: "Move rule 2 up" }));
    expect(screen.getByRole("button", { name: "Move rule 1 down" })).toHaveFocus();
    expect(within(rule(1)).getByRole("combobox", { name: "Product" })).toHaveValue("aslan");

    // Esi leaves the rotation; the contact rule's owner becomes Esi.
    await userEvent.click(within(rule(1)).getByRole("checkbox", { name: "Esi" }));
    await userEvent.selectOptions(within(rule(2)).getByRole("combobox", { name: "Owner" }), "Esi");
    await userEvent.click(screen.getByRole("button", { name: "Save the rules" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Saved."));
    expect(sent).toEqual([
      {
        ifMatch: '"3"',
        body: {
          rules: [
            { type: "demo", product: "aslan", rotation: ["ama@example.com"] },
            { type: "contact", owner: "esi@example.com" },
          ],
        },
      },
    ]);
  });

  it("hands a rotation's overdue leads on when ticked, says so in the rule's summary, and sends it", async () => {
    const sent = renderRouting([
      { type: "contact", owner: "ama@example.com" },
      { ...RULES[1]!, reassignOverdue: true },
    ]);
    const handOn = { name: "Hand an overdue lead to the next available member" };
    const second = await screen.findByRole("group", { name: "Rule 2" });
    const ticked = within(second).getByRole("checkbox", handOn);
    expect(ticked).toBeChecked();
    expect(ticked).toHaveAccessibleDescription(/next member who is not away or disabled/);
    expect(second).toHaveTextContent(
      "Demo requests for ASLAN go to a rotation of 2 members; an overdue one is handed on to the next available member.",
    );
    // A rule with one owner has nothing to hand on to.
    expect(rule(1)).toHaveTextContent("Contact messages go to Ama.");
    expect(within(rule(1)).queryByRole("checkbox", handOn)).toBeNull();

    await userEvent.click(ticked);
    expect(second).toHaveTextContent("Demo requests for ASLAN go to a rotation of 2 members.");
    await userEvent.click(within(rule(1)).getByRole("radio", { name: "A rotation" }));
    await userEvent.click(within(rule(1)).getByRole("checkbox", { name: "Esi" }));
    await userEvent.click(within(rule(1)).getByRole("checkbox", handOn));
    await userEvent.click(screen.getByRole("button", { name: "Save the rules" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Saved."));
    expect(sent.map((save) => save.body.rules)).toEqual([
      [
        { type: "contact", rotation: ["esi@example.com"], reassignOverdue: true },
        { type: "demo", product: "aslan", rotation: ["ama@example.com", "esi@example.com"] },
      ],
    ]);
  });

  it("adds a rule with its first control focused, and removes one", async () => {
    renderRouting([]);
    await userEvent.click(await screen.findByRole("button", { name: "Add a rule" }));
    expect(within(rule(1)).getByRole("combobox", { name: "Leads" })).toHaveFocus();
    await userEvent.click(within(rule(1)).getByRole("button", { name: "Remove rule 1" }));
    expect(screen.queryByRole("group", { name: "Rule 1" })).toBeNull();
    expect(screen.getByRole("button", { name: "Add a rule" })).toHaveFocus();
  });

  it("shows the server's refusal, and a colleague's rules when they saved first", async () => {
    renderRouting(RULES, () =>
      Response.json(
        { rules: [{ type: "demo", owner: "esi@example.com" }] },
        {
          status: 412,
          headers: { etag: '"5"' },
        },
      ),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Save the rules" }));
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(/Someone else changed this/),
    );
    expect(screen.queryByRole("group", { name: "Rule 2" })).toBeNull();
    expect(within(rule(1)).getByRole("combobox", { name: "Owner" })).toHaveValue("esi@example.com");
  });
});
