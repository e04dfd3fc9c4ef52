// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { MAIL_TEMPLATES, type MailPreview } from "../../staff-api/mail";
import { EmailsPage } from "./emails";
import { renderConsolePage } from "./page.testing";

const items = MAIL_TEMPLATES.map(({ kind, name }) => ({ kind, name }));

const campaign: MailPreview = {
  kind: "campaign",
  subject: "What is new at the end of the year",
  html: '<!DOCTYPE html><html lang="en"><body><h1>What is new</h1><p>Hello</p></body></html>',
  text: "What is new\n\n☐ Payouts on public holidays",
};

function renderPage(preview: MailPreview | null) {
  return renderConsolePage({
    path: "/admin/emails",
    Component: EmailsPage,
    data: { items, preview },
  });
}

describe("the E-mails page", () => {
  it("lists every kind of e-mail as a link that opens it, and asks to choose one", async () => {
    renderPage(null);
    const kinds = await screen.findByRole("navigation", { name: "Kinds of e-mail" });
    const links = within(kinds).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual(items.map((item) => item.name));
    expect(within(kinds).getByRole("link", { name: "Campaign copy" })).toHaveAttribute(
      "href",
      "/admin/emails?kind=campaign",
    );
    expect(screen.getByText("Choose a kind of e-mail to see it.")).toBeVisible();
    expect(screen.queryByTitle(/HTML part/)).toBeNull();
  });

  it("shows the chosen e-mail's subject, its HTML in a sandboxed frame and its text part", async () => {
    renderPage(campaign);
    const kinds = await screen.findByRole("navigation", { name: "Kinds of e-mail" });
    expect(within(kinds).getByRole("link", { name: "Campaign copy" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(screen.getByRole("region", { name: "Campaign copy" })).toHaveTextContent(
      `Subject: ${campaign.subject}`,
    );
    const frame = screen.getByTitle("Campaign copy: the HTML part, phone width");
    expect(frame.tagName).toBe("IFRAME");
    // An empty sandbox: no script, no form, no navigation of the console from the e-mail.
    expect(frame).toHaveAttribute("sandbox", "");
    expect(frame).toHaveAttribute("srcdoc", campaign.html);
    const text = screen.getByRole("region", { name: /text-only/ });
    expect(within(text).getByText(/Payouts on public holidays/).tagName).toBe("PRE");
  });

  it("switches the frame between a phone's and a desktop's width, by mouse or keyboard", async () => {
    const user = userEvent.setup();
    renderPage(campaign);
    const width = await screen.findByRole("group", { name: "Preview width" });
    const phone = within(width).getByRole("button", { name: "Phone (375 px)" });
    const desktop = within(width).getByRole("button", { name: "Desktop (700 px)" });
    expect(phone).toHaveAttribute("aria-pressed", "true");
    expect(desktop).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByTitle(/HTML part/)).toHaveStyle({ width: "375px" });

    await user.click(desktop);
    expect(desktop).toHaveAttribute("aria-pressed", "true");
    expect(phone).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByTitle("Campaign copy: the HTML part, desktop width")).toHaveStyle({
      width: "700px",
    });

    phone.focus();
    await user.keyboard("{Enter}");
    expect(phone).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByTitle(/HTML part/)).toHaveStyle({ width: "375px" });
  });
});
