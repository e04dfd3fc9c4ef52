// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { DomainCheck, Suppression } from "../../staff-api/mail";
import { SendingDomainPage } from "./sending-domain";
import { SuppressionsPage } from "./suppressions";

function renderPage(Page: () => React.ReactNode, data: unknown) {
  const Stub = createRoutesStub([
    { path: "/", Component: Page, HydrateFallback: () => null, loader: () => data },
  ]);
  return render(<Stub />);
}

describe("the Sending domain page", () => {
  const checks: DomainCheck[] = [
    {
      name: "spf",
      ok: true,
      host: "pay.example",
      found: ["v=spf1 mx ~all"],
      expected: null,
      advice: "One SPF record: nothing to do.",
    },
    {
      name: "dkim",
      ok: true,
      host: "s._domainkey.pay.example",
      found: ["v=DKIM1; p=AAA"],
      expected: "v=DKIM1; k=rsa; p=AAA",
      advice: "The published key matches.",
    },
    {
      name: "dmarc",
      ok: false,
      host: "_dmarc.pay.example",
      found: [],
      expected: "v=DMARC1; p=quarantine",
      advice: "DMARC is missing: publish it.",
    },
    {
      name: "inbound-mx",
      ok: false,
      host: null,
      found: [],
      expected: null,
      advice: "Set INBOUND_MAIL_DOMAIN.",
    },
  ];

  it("says in words which checks pass, what was found and the record to publish", async () => {
    renderPage(SendingDomainPage, { checks });
    expect(await screen.findByText("2 of 4 checks need attention.")).toBeVisible();
    const dmarc = screen.getByRole("region", { name: "DMARC: Not OK" });
    expect(within(dmarc).getByText("_dmarc.pay.example")).toBeVisible();
    expect(within(dmarc).getByText("Nothing")).toBeVisible();
    expect(within(dmarc).getByText("v=DMARC1; p=quarantine").closest("pre")).not.toBeNull();
    expect(screen.getByRole("region", { name: "SPF: OK" })).toHaveTextContent("v=spf1 mx ~all");
    // Not configured: no DNS name, nothing found, only what to set.
    const mx = screen.getByRole("region", { name: "Return path (inbound MX): Not OK" });
    expect(mx).toHaveTextContent("Set INBOUND_MAIL_DOMAIN.");
    expect(within(mx).queryByText("Found")).toBeNull();
  });
});

describe("the Suppressions page", () => {
  const entry = (id: string, email: string, reason: Suppression["reason"]): Suppression => ({
    id,
    email,
    reason,
    at: "2026-11-20T10:00:00.000Z",
    detail: reason === "complaint" ? "abuse" : "452 4.2.2 Mailbox full",
  });

  it("offers Lift for a soft bounce or a manual entry only, and says why the others stay", async () => {
    const items = [
      entry("a", "esi@example.com", "complaint"),
      entry("b", "kofi@example.com", "soft-bounce"),
      entry("c", "yaw@example.com", "hard-bounce"),
    ];
    renderPage(SuppressionsPage, {
      page: { items, nextCursor: null },
      search: "",
      filtered: false,
    });
    const list = await screen.findByRole("list", { name: "Suppressed addresses" });
    const [complaint, soft, hard] = within(list).getAllByRole("listitem");
    expect(complaint).toHaveTextContent("Complaint: they marked the newsletter as spam");
    expect(complaint).toHaveTextContent("20 Nov 2026, 10:00 Accra time");
    expect(within(complaint as HTMLElement).queryByRole("button")).toBeNull();
    expect(complaint).toHaveTextContent("Stays: only they can sign up again");
    expect(within(soft as HTMLElement).getByRole("button", { name: "Lift…" })).toBeEnabled();
    expect(hard).toHaveTextContent("Stays: mailing an address that does not exist");
  });

  it("names an erased person's entry, kept only as a hash, as an erased address", async () => {
    renderPage(SuppressionsPage, {
      page: { items: [entry("a", "", "complaint")], nextCursor: null },
      search: "",
      filtered: false,
    });
    const list = await screen.findByRole("list", { name: "Suppressed addresses" });
    const [erased] = within(list).getAllByRole("listitem");
    expect(erased).toHaveTextContent(/^An erased address/);
    expect(erased).toHaveTextContent("Complaint: they marked the newsletter as spam");
  });
});
