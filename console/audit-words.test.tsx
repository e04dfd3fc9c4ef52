// @vitest-environment jsdom
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AUDIT_ACTION_KINDS, type AuditItem } from "../staff-api/audit";
import type { TeamMember } from "../staff-api/admin";
import { AUDIT_WORDS, AuditTeam, actorOf, wordsOf } from "./audit-words";

const entry = (action: string, detail: Record<string, unknown> | null = null): AuditItem => ({
  id: "1",
  at: "2026-11-27T09:02:00.000Z",
  actor: "kofi@example.com",
  actorName: "Kofi",
  action,
  subject: null,
  detail,
});

/** The sentence an entry reads as on the page: who, then what, the page's `team` named. */
function sentence(item: AuditItem, team: TeamMember[] = []): string {
  const { container } = render(
    <AuditTeam.Provider value={team}>
      <p>
        {actorOf(item)} {wordsOf(item.action).says(item.detail ?? {})}
      </p>
    </AuditTeam.Provider>,
  );
  return container.textContent ?? "";
}

describe("the audit log in words", () => {
  it("says what each change did, from its detail", () => {
    expect(sentence(entry("lead.status-changed", { from: "new", to: "qualified" }))).toBe(
      "Kofi changed the status of a lead from New to Qualified",
    );
    // An owner by name when the team knows them; by address when they are gone since.
    const ama: TeamMember = {
      email: "ama@example.com",
      name: "Ama Owusu",
      role: "sales",
      disabled: false,
    };
    const given = { from: "gone@example.com", to: "ama@example.com" };
    expect(sentence(entry("lead.owner-changed", given), [ama])).toBe(
      "Kofi changed the owner of a lead from gone@example.com to Ama Owusu",
    );
    expect(sentence(entry("lead.owner-changed", { from: null, to: "ama@example.com" }))).toBe(
      "Kofi changed the owner of a lead from nobody to ama@example.com",
    );
    const invited = { email: "kwame@example.com", role: "sales", via: "console" };
    expect(sentence(entry("staff.account-added", invited))).toBe(
      "Kofi invited kwame@example.com as Sales",
    );
    const exported = { filters: { status: "won" }, rows: 120 };
    expect(sentence(entry("lead.export", exported))).toBe(
      "Kofi exported 120 leads (filters: status won)",
    );
    const erased = { erased: { contact_messages: 1, lead_events: 2 }, via: "console" };
    expect(sentence(entry("person.erased", erased))).toBe(
      "Kofi erased everything stored about a person (3 records)",
    );
    const ran = {
      counts: {
        contact_messages: 2,
        demo_requests: 1,
        pending_subscriptions: 0,
        message_bodies: 1,
      },
      via: "retention job",
    };
    expect(sentence({ ...entry("retention.ran", ran), actor: null, actorName: null })).toBe(
      "The retention job anonymised 3 closed leads, removed 1 message body whose retention period had ended",
    );
  });

  it("shows admins what a correction replaced, and only the fields once the lead is erased", () => {
    const changes = {
      phone: { from: "024 111 2222", to: "+233 55 921 1848" },
      email: { from: "ama@exmaple.com", to: "ama@example.com" },
    };
    expect(sentence(entry("lead.corrected", { fields: ["email", "phone"], changes }))).toBe(
      "Kofi corrected a lead's details: phone from 024 111 2222 to +233 55 921 1848; " +
        "e-mail from ama@exmaple.com to ama@example.com",
    );
    expect(sentence(entry("lead.corrected", { fields: ["email", "phone"] }))).toBe(
      "Kofi corrected a lead's details (e-mail, phone)",
    );
  });

  it("shows admins a subscriber's old and new address, and neither once one is erased", () => {
    const changes = { email: { from: "ama@old.example", to: "ama@new.example" } };
    const confirmed = {
      ...entry("subscriber.address-changed", { replaced: "s1", via: "subscriber", changes }),
      actor: null,
      actorName: null,
    };
    expect(sentence(confirmed)).toBe(
      "The subscriber confirmed a new address: e-mail from ama@old.example to ama@new.example",
    );
    expect(sentence({ ...confirmed, detail: { replaced: "s1", via: "subscriber" } })).toBe(
      "The subscriber confirmed a new address",
    );
  });

  it("names who acted: their name, else their address, the command line or someone", () => {
    expect(sentence({ ...entry("staff.sign-out"), actorName: null })).toBe(
      "kofi@example.com signed out",
    );
    const cli = { email: "ama@example.com", role: "admin", via: "command line (root)" };
    expect(sentence({ ...entry("staff.account-added", cli), actor: null, actorName: null })).toBe(
      "The command line (root) added the account ama@example.com as Admin",
    );
    const failed = entry("staff.sign-in-failed", { reason: "expired" });
    expect(sentence({ ...failed, actor: null, actorName: null })).toBe(
      "Someone was refused signing in with an expired link",
    );
  });

  it("keeps names and addresses in their own direction", () => {
    const { container } = render(<p>{actorOf(entry("staff.sign-out"))}</p>);
    expect(container.querySelector('[dir="auto"]')?.textContent).toBe("Kofi");
  });

  it("labels every action, and shows an unknown one as it is", () => {
    expect(Object.keys(AUDIT_WORDS).toSorted()).toEqual(Object.keys(AUDIT_ACTION_KINDS).toSorted());
    expect(wordsOf("lead.view").label).toBe("Viewed a lead");
    expect(wordsOf("lead.new-thing").label).toBe("lead.new-thing");
    expect(sentence(entry("lead.new-thing"))).toBe("Kofi lead.new-thing");
  });
});
