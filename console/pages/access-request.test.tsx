// @vitest-environment jsdom
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type PersonExport, SEVERAL_PEOPLE, type SeveralPeople } from "../../staff-api/people";
import { AccessRequestPage, accessRequestAction } from "./access-request";

const SEVERAL: SeveralPeople = {
  error: SEVERAL_PEOPLE,
  people: [
    { name: "Ama Mensah", email: "ama.mensah@example.com", records: 2 },
    { name: "Kwame Asante", email: "kwame.asante@example.com", records: 1 },
  ],
};

const KWAMES: PersonExport = {
  query: { by: "phone", value: "0559211848", email: "kwame.asante@example.com" },
  exportedAt: "2026-12-03T10:00:00.000Z",
  leads: [],
  notes: [],
  emails: [],
  subscriptions: [],
  messages: [],
  suppressions: { entry: null, events: [] },
  audit: [],
};

/** The API as the page meets it: 409 for the number alone, Kwame's records with his address. */
function answeringApi() {
  const fetch = vi.fn(async (address: string) => {
    const query = new URL(address, "http://console.test").searchParams;
    const [status, body] = query.has("email") ? [200, KWAMES] : [409, SEVERAL];
    return new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage() {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: AccessRequestPage,
      HydrateFallback: () => null,
      action: accessRequestAction,
    },
  ]);
  return render(<Stub />);
}

describe("the access request page", () => {
  it("lists the people a number matches, and looks one up with both keys", async () => {
    const fetch = answeringApi();
    renderPage();
    const typed = await screen.findByRole("textbox", { name: /E-mail address or phone number/ });
    await userEvent.type(typed, "0559211848");
    await userEvent.click(screen.getByRole("button", { name: "Look up" }));

    const heading = await screen.findByRole("heading", {
      name: "Whose records: choose one person",
    });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole("status")).toHaveTextContent(
      "0559211848 is in the records of 2 people. Choose whose records to look up.",
    );
    const people = within(screen.getByRole("list", { name: "Whose records: choose one person" }));
    const items = people.getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("Ama Mensah");
    expect(items[0]).toHaveTextContent("ama.mensah@example.com");
    expect(items[0]).toHaveTextContent("2 messages or requests");
    expect(items[1]).toHaveTextContent("1 message or request");
    // Nothing of anyone's records is offered before one is chosen.
    expect(screen.queryByRole("link", { name: /Download/ })).toBeNull();

    // Chosen with the keyboard: the button is a form's, sent by Enter as by a click.
    const choose = screen.getByRole("button", { name: "Look up Kwame Asante's records" });
    choose.focus();
    await userEvent.keyboard("{Enter}");

    expect(
      await screen.findByText(/^Found for 0559211848 and kwame.asante@example.com/),
    ).toBeVisible();
    const asked = new URL(String(fetch.mock.calls.at(-1)![0]), "http://console.test");
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      phone: "0559211848",
      email: "kwame.asante@example.com",
    });
    const page = screen.getByRole("link", { name: "Download the page to send them (HTML)" });
    const download = new URL(page.getAttribute("href")!, "http://console.test").searchParams;
    expect(download.get("phone")).toBe("0559211848");
    expect(download.get("email")).toBe("kwame.asante@example.com");
    expect(screen.queryByRole("heading", { name: "Whose records: choose one person" })).toBeNull();
  });
});
