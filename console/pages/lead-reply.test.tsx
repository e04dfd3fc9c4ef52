// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_REPLY } from "../../staff-api/lead-timeline";
import { renderLead } from "./lead.testing";

/** fetch answering the reply's POST with `status` and `body`; the calls it had. */
function answerReply(status: number, body: object) {
  const fetch = vi.fn(async () => Response.json(body, { status }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("replying to a lead from its page", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it("shows replies and the customer's answers in the timeline: who, when in Accra time, what", async () => {
    renderLead({
      timeline: [
        {
          kind: "reply",
          at: "2026-11-20T10:05:00.000Z",
          actor: "ama@example.com",
          text: "Dear Kofi,\nTuesday at 10?",
        },
        {
          kind: "inbound",
          at: "2026-11-20T11:00:00.000Z",
          from: "kofi@example.com",
          subject: "Re: your message to Akwaaba Pay",
          text: "Tuesday suits us.",
        },
      ],
    });
    const reply = (await screen.findByText("Reply e-mailed")).closest("li");
    expect(reply).toHaveTextContent("20 Nov 2026, 10:05 Accra time · ama@example.com");
    expect(reply).toHaveTextContent("Dear Kofi, Tuesday at 10?");
    const answer = screen.getByText(/^Answer by e-mail from/).closest("li");
    expect(answer).toHaveTextContent(
      "Answer by e-mail from kofi@example.com: Re: your message to Akwaaba Pay",
    );
    expect(answer).toHaveTextContent("Tuesday suits us.");
  });

  it("keeps a half-written reply when the page is left and opened again, with the characters left", async () => {
    renderLead({});
    const field = await screen.findByRole("textbox", { name: "Your reply" });
    await userEvent.type(field, "Dear Kofi,");
    expect(screen.getByText(`${MAX_REPLY - 10} of ${MAX_REPLY} characters left`)).toBeVisible();
    cleanup();
    renderLead({});
    expect(await screen.findByRole("textbox", { name: "Your reply" })).toHaveValue("Dear Kofi,");
  });

  it("sends the reply, then forgets the draft", async () => {
    const fetch = answerReply(202, { message: "Reply queued" });
    renderLead({});
    await userEvent.type(await screen.findByRole("textbox", { name: "Your reply" }), "Hello Kofi");
    await userEvent.click(screen.getByRole("button", { name: "Send reply" }));
    await vi.waitFor(() =>
      expect(screen.getByRole("textbox", { name: "Your reply" })).toHaveValue(""),
    );
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(String(url)).toMatch(/\/api\/staff\/leads\/contact-1\/replies$/);
    expect(JSON.parse(String(init.body))).toEqual({ text: "Hello Kofi" });
    cleanup();
    renderLead({});
    expect(await screen.findByRole("textbox", { name: "Your reply" })).toHaveValue("");
  });

  it("says at the field why a reply may not go, keeping what was typed", async () => {
    answerReply(409, { error: "This person's address is on the suppression list." });
    renderLead({});
    const field = await screen.findByRole("textbox", { name: "Your reply" });
    await userEvent.type(field, "Hello");
    await userEvent.click(screen.getByRole("button", { name: "Send reply" }));
    await vi.waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        /This person's address is on the suppression list\.$/,
      ),
    );
    await vi.waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveValue("Hello");
  });
});
