// @vitest-environment jsdom
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType } from "react";
import { type ActionFunctionArgs, createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type CampaignDetail, RECIPIENT_STATES, type Welcome } from "../../staff-api/newsletter";
import { staffAccount, subscriber } from "../../staff-api/test-samples";
import { SIGNED_IN_ROUTE } from "../session";
import { AccountsPage, accountsAction } from "./accounts";
import { CampaignPage, campaignAction } from "./campaign";
import { SubscribersPage, subscribersAction } from "./subscribers";
import { WelcomePage, welcomeAction } from "./welcome";

// A change made on a page a colleague's change has made stale: the API refuses it (412) with the
// record as it now is; the page says who changed what and when, in Accra time, keeps what was
// typed, and builds the next change on the version it now shows.

afterEach(() => vi.unstubAllGlobals());

/** Answers the page's writes with `refusal` (a 412) first and `then` after; what each sent. */
function api(refusal: Response, then: () => Response = () => Response.json({})) {
  const sent: { url: string; ifMatch: string | null; body: unknown }[] = [];
  const answers = [refusal];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const ifMatch = new Headers(init.headers).get("if-match");
      sent.push({ url, ifMatch, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return answers.shift() ?? then();
    }),
  );
  return sent;
}

const stale = (body: object, version: string) =>
  Response.json(body, { status: 412, headers: { etag: version } });

/** `Component` at `path`, under the signed-in layout of an admin, with its loader and action. */
function renderPage(
  path: string,
  Component: ComponentType,
  data: unknown,
  action: (args: ActionFunctionArgs) => Promise<unknown>,
  at = path,
) {
  const Stub = createRoutesStub([
    {
      id: SIGNED_IN_ROUTE,
      path: "/",
      loader: () => ({ email: "esi@example.com", name: "Esi", role: "admin", away: false }),
      HydrateFallback: () => null,
      children: [{ path: path.slice(1), Component, loader: () => data, action }],
    },
  ]);
  render(<Stub initialEntries={[at]} />);
}

const WELCOME: Welcome = {
  subject: "Welcome",
  markdown: "Hello",
  html: "<p>Hello</p>",
  text: "Hello",
  updatedAt: null,
  updatedBy: null,
};

const CAMPAIGN: CampaignDetail = {
  id: "5f0c6a0e-1b2c-4d3e-8f90-123456789abc",
  subject: "December offers",
  markdown: "Hello",
  status: "draft",
  scheduledAt: null,
  startedAt: null,
  finishedAt: null,
  createdAt: "2026-12-07T09:00:00.000Z",
  updatedAt: "2026-12-07T09:00:00.000Z",
  updatedBy: "esi@example.com",
  recipients: 0,
  sent: 0,
  failed: 0,
  waiting: 0,
  unsubscribedSince: 0,
  audience: 3,
  bounced: 0,
  complained: 0,
  suppressed: 0,
  unsubscribed: 0,
  autoPaused: null,
  states: Object.fromEntries(
    RECIPIENT_STATES.map((state) => [state, 0]),
  ) as CampaignDetail["states"],
  html: "<p>Hello</p>",
  text: "Hello",
  sendPerMinute: 60,
};

describe("a change refused as stale", () => {
  it("the welcome e-mail: names who saved what and when, keeps the text typed, saves next on theirs", async () => {
    const theirs = { ...WELCOME, subject: "Akwaaba!", updatedAt: "2026-12-07T14:05:00.000Z" };
    const sent = api(stale({ ...theirs, updatedBy: "ama@example.com" }, '"2"'), () =>
      Response.json(theirs, { headers: { etag: '"3"' } }),
    );
    renderPage("/welcome", WelcomePage, { value: WELCOME, version: '"1"' }, welcomeAction);
    const message = await screen.findByRole("textbox", { name: /Message/ });
    await userEvent.clear(message);
    await userEvent.type(message, "My own words");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));

    const alert = await screen.findByText(/^ama@example.com changed the welcome e-mail/);
    expect(alert).toHaveTextContent(
      "ama@example.com changed the welcome e-mail at 7 Dec 2026, 14:05 Accra time while you had it open: the subject is now “Akwaaba!”. Your change was not saved",
    );
    await waitFor(() => expect(alert).toHaveFocus());
    expect(sent[0]?.ifMatch).toBe('"1"');
    expect(message).toHaveValue("My own words");

    // Saving again, having seen theirs, is a save on their version.
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ ifMatch: '"2"', body: { markdown: "My own words" } });
  });

  it("a campaign: says it was scheduled meanwhile, and sends nothing", async () => {
    const theirs = {
      ...CAMPAIGN,
      status: "scheduled",
      scheduledAt: "2026-12-08T10:00:00.000Z",
      updatedAt: "2026-12-07T14:05:00.000Z",
      updatedBy: "ama@example.com",
    };
    const sent = api(stale(theirs, '"b"'));
    const data = { value: CAMPAIGN, version: '"a"' };
    renderPage("/campaigns/:id", CampaignPage, data, campaignAction, `/campaigns/${CAMPAIGN.id}`);
    await userEvent.click(await screen.findByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const alert = await screen.findByText(/^ama@example.com changed this campaign/);
    expect(alert).toHaveTextContent(
      "while you had it open: it is now Scheduled for 8 Dec 2026, 10:00 Accra time. Your change was not saved, and nothing was sent.",
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]?.ifMatch).toBe('"a"');
  });

  it("a staff account: names the change another admin made, in the page's alert", async () => {
    const yaw = staffAccount({ id: "yaw", email: "yaw@example.com", name: "Yaw", version: "v1" });
    const sent = api(stale({ ...yaw, role: "marketing", version: "v2" }, '"v2"'));
    renderPage("/accounts", AccountsPage, { accounts: [yaw] }, accountsAction);
    const row = (await screen.findByText("Yaw")).closest("li") ?? document.body;
    await userEvent.selectOptions(within(row).getByRole("combobox", { name: /Role/ }), "admin");
    await userEvent.click(within(row).getByRole("button", { name: /Save role/ }));
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(
        "Another admin changed Yaw (yaw@example.com) while you had it open: its role is now Marketing. Your change was not made.",
      ),
    );
    expect(sent[0]).toMatchObject({ ifMatch: '"v1"', body: { role: "admin" } });
  });

  it("a subscriber's new address: says they left meanwhile, and keeps the address typed", async () => {
    const esi = subscriber({ id: "esi", status: "confirmed", version: "v1" });
    const left = { ...esi, status: "unsubscribed", unsubscribedAt: "2026-12-07T14:05:00.000Z" };
    const sent = api(stale({ ...left, version: "v2" }, '"v2"'));
    const page = {
      page: { items: [esi], nextCursor: null },
      counts: { matching: 1, pending: 0, confirmed: 1, unsubscribed: 0 },
      search: "",
      filtered: false,
      exportHref: "/api/staff/subscribers.csv",
    };
    renderPage("/subscribers", SubscribersPage, page, subscribersAction);
    await userEvent.click(await screen.findByRole("button", { name: "Change address…" }));
    const address = screen.getByRole("textbox", { name: /New e-mail address/ });
    await userEvent.type(address, "esi@new.example");
    await userEvent.click(screen.getByRole("button", { name: "Send the confirmation" }));
    await waitFor(() =>
      expect(
        screen
          .getAllByRole("alert")
          .map((alert) => alert.textContent)
          .join(" "),
      ).toContain(
        "Someone changed the subscriber esi@example.com at 7 Dec 2026, 14:05 Accra time while you had it open: they have unsubscribed. The new address was not sent anything.",
      ),
    );
    expect(sent[0]).toMatchObject({ ifMatch: '"v1"', body: { email: "esi@new.example" } });
    expect(address).toHaveValue("esi@new.example");
  });
});
