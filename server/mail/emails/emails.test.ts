/**
 * Every kind of e-mail the system sends, rendered by its component with the admins' preview
 * samples (server/mail/emails/samples.ts), and what each must hold: absolute links only,
 * a text part without Markdown's marks, the unsubscribe link in subscriber mail, and the
 * company's line from the shared layout.
 */
import { LEAD_ESCALATED_KIND } from "../../leads/service-hours/escalation";
import { describe, expect, it } from "vitest";
import { site } from "../../../common/site";
import { MAIL_TEMPLATES, type MailTemplateKind } from "../../../staff-api/mail";
import { INVITATION_MAIL_KIND } from "../../staff/accounts/invitations";
import { renderSample } from "./samples";
import { SIGN_IN_MAIL_KIND } from "../../staff/sign-in/sign-in";
import type { DB } from "../../db/database";
import { CAMPAIGN_KIND, CAMPAIGN_TEST_KIND } from "../../newsletter/campaigns/campaigns";
import { SUBSCRIBER_MAIL_KINDS } from "../../newsletter/campaigns/delivery";
import { useTestDatabase } from "../../db/testing/databases";
import { BRAKE_ALERT_KIND } from "../../newsletter/returns/brake";
import { COMPANY_LINE } from "./layout";
import { LEAD_ASSIGNED_KIND } from "./lead-assigned";
import { LEAD_REPLY_KIND } from "../../leads/replies/send-reply";

/** Mail to a subscriber: each carries the link that unsubscribes them. */
const SUBSCRIBER_KINDS: readonly MailTemplateKind[] = [
  "newsletter-confirmation",
  "newsletter-welcome",
  "campaign",
  "campaign-test",
];

/** Every address the HTML links to. */
const hrefsOf = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1] ?? "");

describe("every e-mail the system sends", () => {
  let db: DB;
  useTestDatabase(undefined, (opened) => (db = opened), { once: true });
  const rendered = (kind: MailTemplateKind) => renderSample(kind, { db, publicUrl: site.url });

  it("lists each outbox kind of e-mail once, and nothing else", () => {
    const enqueued = [
      "contact",
      "demo",
      ...SUBSCRIBER_MAIL_KINDS,
      CAMPAIGN_KIND,
      CAMPAIGN_TEST_KIND,
      SIGN_IN_MAIL_KIND,
      INVITATION_MAIL_KIND,
      BRAKE_ALERT_KIND,
      LEAD_ESCALATED_KIND,
      LEAD_ASSIGNED_KIND,
      LEAD_REPLY_KIND,
    ];
    expect(MAIL_TEMPLATES.map((t) => t.kind).toSorted()).toEqual(enqueued.toSorted());
  });

  describe.each(MAIL_TEMPLATES)("$name ($kind)", ({ kind }) => {
    it("links only to absolute addresses: https, mailto or tel", async () => {
      const { html, text } = await rendered(kind);
      const hrefs = hrefsOf(html);
      expect(hrefs.length).toBeGreaterThan(0);
      for (const href of hrefs) expect(href).toMatch(/^(https:\/\/[^/]|mailto:|tel:)/);
      for (const url of text.match(/\b[a-z]+:\/\/\S+/gi) ?? []) expect(url).toMatch(/^https:\/\//);
    });

    it("has a text part written for reading, without Markdown's marks", async () => {
      const { text } = await rendered(kind);
      expect(text.trim()).not.toBe("");
      expect(text).not.toContain("](");
      expect(text).not.toMatch(/- \[[ xX]\]/);
      expect(text).not.toContain("**");
      expect(text).not.toMatch(/^#/m);
      expect(text).not.toMatch(/<[a-z][^>]*>/i);
    });

    it("is framed by the shared layout, with the company's line", async () => {
      const { html, subject } = await rendered(kind);
      expect(html).toMatch(/^<!DOCTYPE html/);
      expect(html).toMatch(/<html [^>]*lang="en"/);
      expect(html).toContain(COMPANY_LINE);
      expect(html).not.toContain("<script");
      expect(subject).not.toMatch(/[\r\n]/);
    });

    it.runIf(SUBSCRIBER_KINDS.includes(kind))(
      "carries the subscriber's unsubscribe link in both parts",
      async () => {
        const { html, text } = await rendered(kind);
        const unsubscribe = `${site.url}/newsletter/unsubscribe`;
        expect(hrefsOf(html).some((href) => href.startsWith(unsubscribe))).toBe(true);
        expect(text).toContain(unsubscribe);
      },
    );
  });

  it("writes a campaign's text part from its Markdown: boxes, link addresses, table rows", async () => {
    const { text, html } = await rendered("campaign");
    expect(text).toContain("☑ Card payments on the web checkout");
    expect(text).toContain("☐ Payouts on public holidays");
    expect(text).toContain(`Read how (${site.url}/services/ussd)`);
    expect(text).toContain("Plan: Starter · Fee: 1.5%");
    expect(text).toContain("Mobile money at the counter");
    expect(html).toContain("<strong>Kumasi</strong>");
  });

  it("writes each sentence whole, without React's markers between its parts", async () => {
    for (const { kind } of MAIL_TEMPLATES) {
      expect((await rendered(kind)).html, kind).not.toContain("<!-- -->");
    }
    expect((await rendered("contact")).html).toContain(
      "Reply to this e-mail to answer Ama Mensah.",
    );
  });

  it("tells the sales team when a lead came in on Accra's clock, labelled", async () => {
    for (const kind of ["contact", "demo"] as const) {
      const { text, html } = await rendered(kind);
      // The samples' lead came in at 2026-11-20T09:30:00Z.
      expect(text, kind).toContain("20 Nov 2026, 09:30 Accra time");
      expect(html, kind).not.toContain("2026-11-20T09:30");
    }
  });
});
