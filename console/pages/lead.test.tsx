// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { TeamMember } from "../../staff-api/admin";
import { leadDelivery } from "../../staff-api/test-samples";
import { renderLead } from "./lead.testing";

// An address the contact form accepts (leads/email.ts): every character of its local part is
// allowed in a dot-atom, `?`, `&`, `=` and `%` included.
const HOSTILE = "sales?bcc=spy%40evil.example&body=hi@example.com";

const TEAM: TeamMember[] = [
  { email: "ama@example.com", name: "Ama", role: "sales", disabled: false },
  { email: "esi@example.com", name: "", role: "admin", disabled: false },
  { email: "kofi@example.com", name: "Kofi", role: "sales", disabled: true },
  { email: "mkt@example.com", name: "Yaw", role: "marketing", disabled: false },
];

describe("the lead page", () => {
  it("links the lead's address to a message to that one address, with no header fields", async () => {
    renderLead({ email: HOSTILE });
    const link = await screen.findByRole("link", { name: HOSTILE });
    const href = link.getAttribute("href") ?? "";
    expect(href).toBe("mailto:sales%3Fbcc%3Dspy%2540evil.example%26body%3Dhi@example.com");
    // What a mail client reads from it: one recipient, the address as typed, no Bcc or body.
    const url = new URL(href);
    expect(url.search).toBe("");
    expect(decodeURIComponent(url.pathname)).toBe(HOSTILE);
  });

  it("names each delivery's channel in the timeline", async () => {
    renderLead({
      timeline: [
        leadDelivery({ channel: "email", status: "sent", sentAt: "2026-11-20T10:00:05.000Z" }),
        leadDelivery({ channel: "slack", status: "pending", sentAt: null }),
        leadDelivery({ channel: "webhook", status: "failed", attempts: 3, sentAt: null }),
        leadDelivery({ channel: "owner-email", status: "pending", sentAt: null }),
      ],
    });
    expect(await screen.findByText(/^Notification e-mail to sales: sent, sent/)).toBeVisible();
    expect(screen.getByText("Slack message: pending")).toBeVisible();
    expect(screen.getByText("Webhook to the CRM: failed after 3 attempts")).toBeVisible();
    expect(screen.getByText("E-mail to its owner: pending")).toBeVisible();
  });

  it("says whom the lead routing gave the lead to, or that no one was available", async () => {
    const at = "2026-11-20T10:00:00.000Z";
    renderLead({
      timeline: [
        { kind: "assigned", at, actor: null, to: "ama@example.com" },
        { kind: "assigned", at, actor: null, to: null },
      ],
    });
    expect(await screen.findByText(/^Lead routing gave it to/)).toHaveTextContent(
      "Lead routing gave it to ama@example.com",
    );
    expect(screen.getByText(/^Lead routing:/)).toHaveTextContent(
      "Lead routing: unassigned, no one in its rotation was available",
    );
  });

  it("offers the lead to sales and admins only, and keeps its disabled owner as a choice", async () => {
    renderLead({ owner: "kofi@example.com" }, TEAM);
    const owner = await screen.findByRole("combobox", { name: "Owner" });
    const options = [...owner.querySelectorAll("option")].map((option) => option.textContent);
    expect(options).toEqual([
      "Nobody yet",
      "Kofi (kofi@example.com) (disabled)",
      "Ama (ama@example.com)",
      "esi@example.com",
    ]);
    expect(owner).toHaveValue("kofi@example.com");
  });

  it("names staff in the timeline by name, an account without one or gone since by its address", async () => {
    const at = "2026-11-20T11:00:00.000Z";
    renderLead(
      {
        timeline: [
          { kind: "assigned", at, actor: null, to: "gone@example.com" },
          {
            kind: "owner",
            at,
            actor: "ama@example.com",
            from: "gone@example.com",
            to: "kofi@example.com",
          },
          { kind: "note", at, actor: "esi@example.com", text: "Called back" },
        ],
      },
      TEAM,
    );
    expect(await screen.findByText(/^Owner:/)).toHaveTextContent("Owner: gone@example.com → Kofi");
    expect(screen.getByText(/^Lead routing gave it to/)).toHaveTextContent("gone@example.com");
    // The name is what is read; the address is in its tooltip.
    expect(screen.getByText("Ama", { selector: "span" })).toHaveAttribute(
      "title",
      "ama@example.com",
    );
    const noName = screen.getByText("esi@example.com", { selector: "li p bdi" });
    expect(noName).toHaveAttribute("dir", "ltr");
  });

  it("puts the status and owner before the timeline", async () => {
    renderLead({});
    const work = await screen.findByRole("heading", { name: "Status and owner" });
    const timeline = screen.getByRole("heading", { name: "Timeline" });
    expect(work.compareDocumentPosition(timeline) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("offers a contact message's own details to correct, prefilled, and names corrections in the timeline", async () => {
    renderLead({
      phone: "024 111 2222",
      timeline: [
        {
          kind: "corrected",
          at: "2026-11-21T10:00:00.000Z",
          actor: "ama@example.com",
          fields: ["email", "phone"],
        },
      ],
    });
    expect(await screen.findByText("Contact details corrected: e-mail, phone")).toBeVisible();
    await userEvent.click(screen.getByText("Correct contact details"));
    expect(screen.getByRole("textbox", { name: "First name" })).toHaveValue("Ama");
    expect(screen.getByRole("textbox", { name: "Phone" })).toHaveValue("024 111 2222");
    expect(screen.queryByRole("textbox", { name: "Company" })).toBeNull();
  });

  it("says a phone the contact form refuses at the field, in the form's words", async () => {
    renderLead({});
    await userEvent.click(await screen.findByText("Correct contact details"));
    const phone = screen.getByRole("textbox", { name: "Phone" });
    await userEvent.type(phone, "0".repeat(41));
    await userEvent.click(screen.getByRole("button", { name: "Save corrections" }));
    await screen.findByText("Phone number must be 40 characters or fewer");
    const field = screen.getByRole("textbox", { name: "Phone" });
    expect(field).toHaveAccessibleDescription("Phone number must be 40 characters or fewer");
    expect(field).toHaveAttribute("aria-invalid", "true");
    // The focus moves in an effect after the message renders.
    await waitFor(() => expect(field).toHaveFocus());
  });

  it("says where the lead stands against its target, and names an escalation in the timeline", async () => {
    renderLead({
      dueAt: "2026-11-20T18:00:00.000Z",
      target: "overdue",
      timeline: [{ kind: "escalated", at: "2026-11-20T18:01:00.000Z", recipients: 3 }],
    });
    expect(await screen.findByText(/^Overdue by /)).toHaveAttribute(
      "title",
      "Due 20 Nov 2026, 18:00 Accra time",
    );
    expect(screen.getByText("Overdue: escalated by e-mail to 3 people")).toBeVisible();
  });
});
