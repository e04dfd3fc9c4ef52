// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import {
  type CampaignDetail,
  RECIPIENT_STATES,
  type RecipientState,
} from "../../staff-api/newsletter";
import { CampaignReport } from "./campaign-report";

const ID = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";

function campaign(over: Partial<CampaignDetail>, states: Partial<Record<RecipientState, number>>) {
  const all = Object.fromEntries(RECIPIENT_STATES.map((s) => [s, states[s] ?? 0])) as Record<
    RecipientState,
    number
  >;
  const at = "2026-11-20T10:00:00.000Z";
  return {
    id: ID,
    subject: "Rates",
    status: "sending",
    scheduledAt: null,
    startedAt: at,
    finishedAt: null,
    createdAt: at,
    updatedAt: at,
    updatedBy: null,
    recipients: Object.values(all).reduce((a, b) => a + b, 0),
    sent: 0,
    failed: 0,
    markdown: "Hello",
    waiting: 0,
    unsubscribedSince: 0,
    audience: 0,
    bounced: 0,
    complained: 0,
    suppressed: 0,
    unsubscribed: 0,
    autoPaused: null,
    states: all,
    html: "",
    text: "",
    sendPerMinute: 60,
    ...over,
  } satisfies CampaignDetail;
}

function renderReport(detail: CampaignDetail) {
  const Stub = createRoutesStub([
    { path: "/", Component: () => <CampaignReport campaign={detail} busy={null} /> },
  ]);
  return render(<Stub />);
}

describe("a campaign's report", () => {
  it("puts each recipient in one state, in words, the rows adding up to the recipients", async () => {
    renderReport(
      campaign(
        { bounced: 3, complained: 1, suppressed: 2 },
        {
          sent: 180,
          "hard-bounced": 2,
          "soft-bounced": 1,
          complained: 1,
          suppressed: 2,
          queued: 14,
        },
      ),
    );
    const table = await screen.findByRole("table", { name: "Where each recipient stands" });
    const rows = within(table)
      .getAllByRole("row")
      .map((row) => row.textContent);
    expect(rows).toEqual([
      "StateRecipients",
      "Waiting to go14",
      "Sent180",
      "Bounced: no such mailbox2",
      "Bounced for now (mailbox full or server down)1",
      "Marked it as spam1",
      "Not sent: on the suppression list2",
      "All recipients200",
    ]);
    expect(screen.getByText("Bounced").nextSibling?.textContent).toBe("3");
    expect(screen.getByText("Marked as spam").nextSibling?.textContent).toBe("1");
    expect(
      screen.getByRole("link", { name: "Download the recipients and their states (CSV)" }),
    ).toHaveAttribute("href", `/api/staff/campaigns/${ID}/recipients.csv`);
    const excel = screen.getByRole("link", {
      name: "Download the recipients and their states (Excel, .xlsx)",
    });
    expect(excel).toHaveAttribute("href", `/api/staff/campaigns/${ID}/recipients.xlsx`);
    expect(excel).toHaveAttribute("download");
    expect(screen.queryByRole("note")).toBeNull();
  });

  it("says why the brake paused it, above the report, with Resume at hand", async () => {
    const reason =
      "3.1 % of the 200 copies sent since it started bounced for good (more than 2 %).";
    renderReport(
      campaign({ status: "paused", autoPaused: reason }, { sent: 194, "hard-bounced": 6 }),
    );
    const note = await screen.findByRole("note", {
      name: "Paused automatically to protect our sending",
    });
    expect(note).toHaveTextContent(reason);
    expect(screen.getByRole("button", { name: "Resume" })).toBeEnabled();
  });
});
