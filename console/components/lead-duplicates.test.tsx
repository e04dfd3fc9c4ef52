// @vitest-environment jsdom
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { leadDetail } from "../../staff-api/test-samples";
import { renderLead } from "../pages/lead.testing";
import { DuplicateMarker } from "./lead-duplicates";

const THEIRS = "demo_0b5f";

/** The school's demo request, as the API answers it: linked to the lead on the page. */
const theirDemo = leadDetail({
  id: THEIRS,
  type: "demo",
  name: "Kofi Boateng",
  email: "ama@example.com",
  product: "aslan",
  status: "contacted",
  createdAt: "2026-11-21T14:30:00.000Z",
  duplicates: ["contact-1"],
});

type Answer = { status: number; body: object; etag?: string };

/**
 * fetch answering the linked lead's read, and each write with `writes[path]`; the calls it had.
 */
function answering(writes: Record<string, Answer> = {}) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const path = String(url);
    const answer: Answer =
      init?.method === "POST"
        ? (writes[path] ?? { status: 500, body: { error: "unexpected" } })
        : { status: 200, body: theirDemo, etag: '"7"' };
    const headers = answer.etag ? { etag: answer.etag } : undefined;
    return Response.json(answer.body, { status: answer.status, headers });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

/** The POSTs fetch had: address, If-Match and body. */
const posts = (fetch: ReturnType<typeof answering>) =>
  fetch.mock.calls
    .map((call) => call as unknown as [string, RequestInit])
    .filter(([, init]) => init.method === "POST")
    .map(([url, init]) => ({
      url,
      ifMatch: (init.headers as Record<string, string>)["if-match"],
      body: JSON.parse(String(init.body)) as unknown,
    }));

/** The section's entry of the linked lead, once looked up. */
async function linkedEntry() {
  const section = await screen.findByRole("region", { name: "Possibly the same customer" });
  const link = await within(section).findByRole("link", { name: "Kofi Boateng" });
  return link.closest("li") as HTMLElement;
}

describe("a lead's possible duplicates on its page", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists each linked lead: name, type, product, received in Accra time, status, link", async () => {
    answering();
    renderLead({ duplicates: [THEIRS] });
    const entry = await linkedEntry();
    expect(within(entry).getByRole("link", { name: "Kofi Boateng" })).toHaveAttribute(
      "href",
      `/leads/${THEIRS}`,
    );
    expect(entry).toHaveTextContent(
      "Demo request · ASLAN · Received 21 Nov 2026, 14:30 Accra time",
    );
    expect(within(entry).getByText("Contacted")).toBeVisible();
    for (const name of ["Merge into this one", "Merge that one here", "Not the same customer"]) {
      expect(within(entry).getByRole("button", { name })).toBeEnabled();
    }
  });

  it("shows no section for a lead without duplicates", async () => {
    const fetch = answering();
    renderLead({ duplicates: [] });
    await screen.findByRole("heading", { name: "Timeline" });
    expect(screen.queryByText("Possibly the same customer")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("merges that lead here once confirmed, naming the version of that lead", async () => {
    const fetch = answering({
      [`/api/staff/leads/${THEIRS}/merge`]: {
        status: 200,
        body: leadDetail({ ...theirDemo, mergedInto: "contact-1", duplicates: [] }),
        etag: '"8"',
      },
    });
    renderLead({ duplicates: [THEIRS] });
    const entry = await linkedEntry();
    await userEvent.click(within(entry).getByRole("button", { name: "Merge that one here" }));
    // Nothing is sent before the question is answered.
    const question = within(entry).getByRole("group", {
      name: /^Merge Kofi Boateng's demo request into this lead\?/,
    });
    expect(posts(fetch)).toEqual([]);
    await userEvent.click(within(question).getByRole("button", { name: "Merge" }));
    expect(await screen.findByText(/^Merged: the lead merged stays readable/)).toBeVisible();
    expect(posts(fetch)).toEqual([
      { url: `/api/staff/leads/${THEIRS}/merge`, ifMatch: '"7"', body: { into: "contact-1" } },
    ]);
  });

  it("merges this lead into that one with this page's version, or backs out", async () => {
    const fetch = answering({
      "/api/staff/leads/contact-1/merge": {
        status: 200,
        body: leadDetail({ mergedInto: THEIRS }),
        etag: '"2"',
      },
    });
    renderLead({ duplicates: [THEIRS] });
    const entry = await linkedEntry();
    await userEvent.click(within(entry).getByRole("button", { name: "Merge into this one" }));
    await userEvent.click(within(entry).getByRole("button", { name: "Not yet" }));
    expect(posts(fetch)).toEqual([]);
    await userEvent.click(within(entry).getByRole("button", { name: "Merge into this one" }));
    await userEvent.click(within(entry).getByRole("button", { name: "Merge" }));
    await screen.findByText(/^Merged: the lead merged stays readable/);
    expect(posts(fetch)).toEqual([
      { url: "/api/staff/leads/contact-1/merge", ifMatch: '"1"', body: { into: THEIRS } },
    ]);
  });

  it("says what changed when the lead to merge changed meanwhile (412), merging nothing", async () => {
    answering({
      [`/api/staff/leads/${THEIRS}/merge`]: {
        status: 412,
        body: leadDetail({ ...theirDemo, status: "won", owner: "esi@example.com" }),
        etag: '"9"',
      },
    });
    renderLead({ duplicates: [THEIRS] });
    const entry = await linkedEntry();
    await userEvent.click(within(entry).getByRole("button", { name: "Merge that one here" }));
    await userEvent.click(within(entry).getByRole("button", { name: "Merge" }));
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(
        "Someone else changed the lead to merge while you had this page open: its status is " +
          "now Won and its owner esi@example.com. Nothing was merged.",
      ),
    );
    // The refusal takes the focus, as the page's other stale answers do: in an effect after the
    // render that shows it, so it is waited for like the text.
    await waitFor(() =>
      expect(screen.getByText(/^Someone else changed the lead to merge/)).toHaveFocus(),
    );
  });

  it("tells the two leads apart", async () => {
    const fetch = answering({
      "/api/staff/leads/contact-1/distinct": {
        status: 200,
        body: { message: "Marked as different customers: neither lead lists the other any more." },
      },
    });
    renderLead({ duplicates: [THEIRS] });
    const entry = await linkedEntry();
    await userEvent.click(within(entry).getByRole("button", { name: "Not the same customer" }));
    expect(await screen.findByText(/^Marked as different customers/)).toBeVisible();
    expect(posts(fetch)).toEqual([
      { url: "/api/staff/leads/contact-1/distinct", ifMatch: undefined, body: { from: THEIRS } },
    ]);
  });

  it("says where a merged lead went, with a link, and offers no merge", async () => {
    const fetch = answering();
    renderLead({ mergedInto: THEIRS, duplicates: [] });
    const link = await screen.findByRole("link", { name: "this customer’s demo request" });
    expect(link).toHaveAttribute("href", `/leads/${THEIRS}`);
    expect(link.closest("p")).toHaveTextContent(/^Merged into this customer’s demo request/);
    expect(screen.queryByRole("button", { name: /Merge/ })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("the inbox's duplicate marker", () => {
  it("marks a lead with open leads of the same customer, and no other", () => {
    const { rerender } = render(<DuplicateMarker lead={{ duplicates: [THEIRS] }} />);
    expect(screen.getByText("Possible duplicate")).toBeVisible();
    rerender(<DuplicateMarker lead={{ duplicates: [] }} />);
    expect(screen.queryByText("Possible duplicate")).toBeNull();
  });
});
