// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import { RouterProvider, createMemoryRouter, matchRoutes } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { consolePaths } from "@common/paths";
import { STAFF_ROLES, type StaffRole, roleAllows } from "../staff-api/roles";
import { ConsoleShell } from "./components/console-shell";
import { CONSOLE_PAGES, type ConsolePageId, mayOpen, startPageFor } from "./console-pages";
import { consoleRoutes } from "./routes";
import { SIGNED_IN_ROUTE } from "./session";

const PAGE_IDS = Object.keys(CONSOLE_PAGES) as ConsolePageId[];

/** The navigation each role has always had, in its order: what the table must keep giving. */
/** The "Website" group of the menu: what marketing publishes (decision 0067). */
const WEBSITE = ["Articles", "Case studies", "Open positions", "Pictures"];

const MENUS: Record<StaffRole, string[]> = {
  sales: ["Leads"],
  marketing: ["Subscribers", "Reports", "Campaigns", "Welcome e-mail", "Suppressions", ...WEBSITE],
  admin: [
    "Leads",
    "Subscribers",
    "Reports",
    "Campaigns",
    "Welcome e-mail",
    "Suppressions",
    "Staff accounts",
    "Audit log",
    "Access request",
    "Erase a person",
    "Outbox",
    "Service hours",
    "E-mails",
    "Sending domain",
    "Lead routing",
    ...WEBSITE,
  ],
};

/** The console's navigation links as a member of staff of `role` sees them, by name and address. */
async function menuOf(role: StaffRole): Promise<[string, string | null][]> {
  const view = renderShell(role);
  const nav = await screen.findByRole("navigation", { name: "Console" });
  // The wide screen's list, and the phone's folded menu of the same links (no CSS here: both).
  // (A group's links are a list inside the list: the two outer lists are compared.)
  const [wide, folded] = nav.querySelectorAll<HTMLElement>(":scope > ul, :scope > details > ul");
  for (const list of [wide, folded]) {
    const group = list?.querySelector("ul");
    if (group) {
      expect(within(list as HTMLElement).getByRole("list", { name: "Website" })).toBe(group);
      expect(
        within(group as HTMLElement)
          .queryAllByRole("link")
          .map((link) => link.textContent),
      ).toEqual(WEBSITE);
    }
  }
  const linksOf = (list: HTMLElement | undefined) =>
    list
      ? within(list)
          .queryAllByRole("link")
          .map((link) => link.outerHTML)
      : [];
  expect(linksOf(folded)).toEqual(linksOf(wide));
  const links = within(wide as HTMLElement)
    .queryAllByRole("link")
    .map((link): [string, string | null] => [link.textContent ?? "", link.getAttribute("href")]);
  view.unmount();
  return links;
}

/** The signed-in layout as a member of staff of `role` sees it, away or not. */
function renderShell(role: StaffRole, away = false) {
  const router = createMemoryRouter(
    [
      {
        id: SIGNED_IN_ROUTE,
        loader: () => ({ email: `${role}@example.com`, name: "", role, away }),
        HydrateFallback: () => null,
        element: <ConsoleShell />,
        children: [{ path: "*", element: <h1>A page</h1> }],
      },
    ],
    { basename: consolePaths.console, initialEntries: [consolePaths.account] },
  );
  return render(<RouterProvider router={router} />);
}

describe("the console's page table", () => {
  // The shell's ScrollRestoration scrolls, which jsdom does not do.
  beforeAll(() => void vi.spyOn(window, "scrollTo").mockImplementation(() => {}));

  it("routes every page of the table to its own route, under the signed-in layout", () => {
    for (const id of PAGE_IDS) {
      const address = CONSOLE_PAGES[id].path.replace(":id", "contact_1");
      const matches = matchRoutes(consoleRoutes, address);
      expect(matches?.at(-1)?.route.id, address).toBe(id);
      expect(matches?.[0]?.route.id, address).toBe(SIGNED_IN_ROUTE);
    }
  });

  it("reads every address from common/paths.ts, as the server's links name them", () => {
    const consoleAddress = (id: ConsolePageId) =>
      `${consolePaths.console}${CONSOLE_PAGES[id].path}`;
    expect(consoleAddress("leads")).toBe(consolePaths.leads);
    expect(consoleAddress("newCampaign")).toBe(consolePaths.newCampaign);
    expect(consoleAddress("sendingDomain")).toBe(consolePaths.sendingDomain);
    expect(consoleAddress("lead")).toBe(`${consolePaths.leads}/:id`);
    expect(consoleAddress("campaign")).toBe(`${consolePaths.campaigns}/:id`);
    expect(new Set(PAGE_IDS.map(consoleAddress)).size).toBe(PAGE_IDS.length);
  });

  it.each(STAFF_ROLES)(
    "shows %s the pages of its role, and only those, in the menu",
    async (role) => {
      const menu = await menuOf(role);
      expect(menu.map(([label]) => label)).toEqual(MENUS[role]);
      const expected = PAGE_IDS.flatMap((id) => {
        const page: { path: string; roles: readonly StaffRole[]; menu?: string } =
          CONSOLE_PAGES[id];
        return page.menu && roleAllows(role, page.roles)
          ? [[page.menu, `${consolePaths.console}${page.path}`]]
          : [];
      });
      expect(menu).toEqual(expected);
    },
  );

  it("lets each role open the pages of its work, and no other", () => {
    const opens = (role: StaffRole) => PAGE_IDS.filter((id) => mayOpen({ role }, id));
    expect(opens("sales")).toEqual(["leads", "lead", "firstSignIn", "account"]);
    expect(opens("marketing")).toEqual([
      "subscribers",
      "reports",
      "campaigns",
      "newCampaign",
      "campaign",
      "welcome",
      "suppressions",
      "firstSignIn",
      "articles",
      "newArticle",
      "article",
      "caseStudies",
      "newCaseStudy",
      "caseStudy",
      "positions",
      "newPosition",
      "position",
      "media",
      "account",
    ]);
    expect(opens("admin")).toEqual(PAGE_IDS);
  });

  it("says in the header when someone is away, linking to where they come back", async () => {
    const view = renderShell("sales", true);
    const away = await screen.findByRole("link", { name: "Away" });
    expect(away).toHaveAttribute("href", `${consolePaths.account}#away`);
    view.unmount();
    renderShell("sales");
    await screen.findByRole("navigation", { name: "Console" });
    expect(screen.queryByRole("link", { name: "Away" })).toBeNull();
  });

  it("starts sales and admins on the inbox and marketing on the subscribers", () => {
    expect(startPageFor({ role: "sales" })).toBe(CONSOLE_PAGES.leads.path);
    expect(startPageFor({ role: "admin" })).toBe(CONSOLE_PAGES.leads.path);
    expect(startPageFor({ role: "marketing" })).toBe(CONSOLE_PAGES.subscribers.path);
  });
});
