/**
 * What marketing writes, through the API: the HTML the preview answers and the e-mails carry holds
 * nothing outside the allow-list (server/newsletter/markdown/markdown-render.ts), and the subject and Markdown are
 * refused, with the field and the reason, when they hold control characters, nest too deep or
 * would take too long to render. Markdown stored before those rules is shown and sent as text.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { fuzzRuns } from "../../../common/fuzz.testing";
import { describe, expect, it } from "vitest";
import { newsletterLinkPaths } from "../../../common/paths";
import { UNSAFE_CHARACTERS_MESSAGE } from "../../../leads/fields";
import { createCampaign } from "../campaigns/campaigns";
import { sentAndDelivered } from "../campaigns/campaigns.testing";
import { TOO_DEEP_MESSAGE, TOO_SLOW_MESSAGE } from "./content";
import { MAX_NESTING } from "./markdown-render";
import {
  ATTACKS,
  REPORTED_ATTACK,
  allowListViolations,
  attackMarkdown,
  newsletterHtmlOf,
} from "./markdown.testing";
import { subscriptionRow, sqliteOnly } from "../../testing/lead-api";
import type { StaffClient } from "../../testing/staff-client";
import { aMinuteAgo } from "../../testing/records";
import { signedInStaff, useStaffApi } from "../../testing/staff-api";
import { welcomeApi, campaignsApi } from "../../../staff-api/newsletter";
import { unchecked, ANY_VERSION } from "../../testing/staff-client";

const ALL_ATTACKS = ATTACKS.join("\n\n");

describe.each(sqliteOnly)("newsletter Markdown through the API on $name", ({ url }) => {
  const api = useStaffApi(url);

  const marketing = () => signedInStaff(api, `mkt-${randomUUID()}@example.com`, "marketing");

  const preview = (staff: StaffClient, markdown: string) =>
    staff.call(welcomeApi.preview, { body: { subject: "News", markdown } });

  /** Every place a subject and Markdown are written; each answers 400 to a refused one. */
  async function everyWrite(staff: StaffClient) {
    const created = await staff.call(campaignsApi.create, {
      body: {
        subject: "Draft",
        markdown: "Hello",
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaign = { id: created.json().id as string };
    return [
      ["preview", (body: object) => staff.call(welcomeApi.preview, { body: unchecked(body) })],
      [
        "campaign create",
        (body: object) => staff.call(campaignsApi.create, { body: unchecked(body) }),
      ],
      [
        "campaign update",
        (body: object) =>
          staff.call(campaignsApi.update, {
            headers: ANY_VERSION,
            params: campaign,
            body: unchecked(body),
          }),
      ],
      [
        "welcome save",
        (body: object) =>
          staff.call(welcomeApi.save, { headers: ANY_VERSION, body: unchecked(body) }),
      ],
    ] as const;
  }

  /** Only confirmed subscribers, one per address given; no campaigns. */
  async function onlySubscribers(...emails: string[]) {
    await api.db.deleteFrom("newsletter_campaigns").execute();
    await api.db.deleteFrom("newsletter_subscriptions").execute();
    const at = aMinuteAgo(api);
    const rows = emails.map((email) => subscriptionRow(email, "confirmed", at));
    if (rows.length) await api.db.insertInto("newsletter_subscriptions").values(rows).execute();
  }

  /** Sends the campaign and lets the outbox deliver it; returns the copies. */
  const send = (staff: StaffClient, id: string) => sentAndDelivered(api, staff, id);

  it("previews only allow-listed HTML: the reported attack, every payload, generated Markdown", async () => {
    const staff = await marketing();
    const reported = await preview(staff, REPORTED_ATTACK);
    expect(reported.statusCode, reported.body).toBe(200);
    expect(reported.json().html).toBe("<p>x &lt;kbd&gt; &lt;img/src=x onerror=alert(1)&gt;</p>\n");
    for (const attack of [...ATTACKS, ALL_ATTACKS]) {
      const res = await preview(staff, attack);
      expect(res.statusCode, res.body).toBe(200);
      expect(allowListViolations(res.json().html), attack).toEqual([]);
    }
    await fc.assert(
      fc.asyncProperty(
        // The API refuses control characters (below), so those are left to the renderer's test.
        attackMarkdown.filter((markdown) => !/[^\P{Cc}\t\n\r]/u.test(markdown)),
        async (markdown) => {
          const res = await preview(staff, markdown);
          expect(res.statusCode, res.body).toBe(200);
          expect(allowListViolations(res.json().html)).toEqual([]);
        },
      ),
      fuzzRuns(60),
    );
  });

  it("sends only allow-listed HTML: the welcome e-mail and a campaign's copies", async () => {
    const staff = await marketing();
    const content = { subject: "Akwaaba", markdown: ALL_ATTACKS };
    const saved = await staff.call(welcomeApi.save, { headers: ANY_VERSION, body: content });
    expect(saved.statusCode, saved.body).toBe(200);

    // A subscriber confirms and is welcomed in the words just saved.
    await onlySubscribers();
    const pending = subscriptionRow("kofi@example.com", "pending", api.clock.now.toISOString());
    await api.db.insertInto("newsletter_subscriptions").values(pending).execute();
    const confirmed = await api
      .signedOut()
      .send("POST", `${newsletterLinkPaths.confirm}?token=${pending.confirm_token}`);
    expect(confirmed.statusCode).toBe(303);
    api.advance(1000);
    await api.outbox.runOnce();
    const [welcome, ...others] = api.transport.sent;
    expect(others).toEqual([]);
    expect(welcome?.subject).toBe("Akwaaba");
    const welcomeHtml = newsletterHtmlOf(welcome?.html ?? "");
    expect(welcomeHtml).toContain("x &lt;kbd&gt; &lt;img/src=x onerror=alert(1)&gt;");
    expect(allowListViolations(welcomeHtml)).toEqual([]);

    await onlySubscribers("ama@example.com", "yaw@example.com");
    api.transport.sent.length = 0;
    const created = await staff.call(campaignsApi.create, { body: content });
    expect(created.statusCode, created.body).toBe(201);
    const copies = await send(staff, created.json().id as string);
    expect(copies.map((copy) => copy.to).sort()).toEqual(["ama@example.com", "yaw@example.com"]);
    for (const copy of copies) {
      const html = newsletterHtmlOf(copy.html ?? "");
      expect(html).toBe(welcomeHtml);
      expect(allowListViolations(html)).toEqual([]);
    }
  });

  it(`refuses Markdown nested more than ${MAX_NESTING} deep, naming the limit, wherever it is written`, async () => {
    const staff = await marketing();
    const deepest = "> ".repeat(MAX_NESTING - 1) + "- x";
    expect((await preview(staff, deepest)).statusCode).toBe(200);
    for (const [where, write] of await everyWrite(staff)) {
      for (const markdown of [`> ${deepest}`, ">".repeat(5000), "- ".repeat(5000) + "x"]) {
        const res = await write({ subject: "Deep", markdown });
        expect(res.statusCode, `${where}: ${res.body}`).toBe(400);
        expect(res.json()).toEqual({ error: `markdown: ${TOO_DEEP_MESSAGE}` });
      }
    }
    expect(TOO_DEEP_MESSAGE).toContain(String(MAX_NESTING));
  });

  it("refuses control characters in the subject and the Markdown, as the public forms do", async () => {
    const staff = await marketing();
    const writes = await everyWrite(staff);
    const refused = [
      { subject: "News\u0000letter", markdown: "Hello", field: "subject" },
      { subject: "News\u001b[31m", markdown: "Hello", field: "subject" },
      { subject: "News\u202eletter", markdown: "Hello", field: "subject" },
      { subject: "Two\nlines", markdown: "Hello", field: "subject" },
      { subject: "News", markdown: "Hel\u0000lo", field: "markdown" },
      { subject: "News", markdown: "Bell\u0007", field: "markdown" },
      { subject: "News", markdown: "Line\u2028separator", field: "markdown" },
      { subject: "News", markdown: "Lone \ud800 surrogate", field: "markdown" },
    ];
    for (const [where, write] of writes) {
      for (const { field, ...body } of refused) {
        const res = await write(body);
        expect(res.statusCode, `${where} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
        expect(res.json()).toEqual({ error: `${field}: ${UNSAFE_CHARACTERS_MESSAGE}` });
      }
      for (const [body, error] of [
        [{ subject: " ", markdown: "Hello" }, "subject: Write a subject"],
        [{ subject: "News", markdown: " \n\t" }, "markdown: Write the e-mail"],
      ] as const) {
        const res = await write(body);
        expect(res.statusCode, where).toBe(400);
        expect(res.json()).toEqual({ error });
      }
    }
    // Tabs and line breaks are the Markdown's own; Windows line breaks are stored as "\n".
    const [, [, create]] = writes;
    const created = await create({ subject: "Tabs", markdown: "- a\r\n\t- b\r\n\r\nc" });
    expect(created.statusCode, created.body).toBe(201);
    const read = await staff.call(campaignsApi.get, { params: { id: created.json().id } });
    expect(read.json()).toMatchObject({ markdown: "- a\n\t- b\n\nc" });
  });

  it("refuses Markdown that would take too long to render", async () => {
    const staff = await marketing();
    // marked takes seconds over runs of emphasis like these (bench/markdown.ts).
    const slow = "*a **".repeat(4000).trim();
    const [[, writePreview], [, create]] = await everyWrite(staff);
    for (const write of [writePreview, create]) {
      const res = await write({ subject: "Slow", markdown: slow });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
      expect(res.json()).toEqual({ error: `markdown: ${TOO_SLOW_MESSAGE}` });
    }
  });

  it("shows and sends Markdown stored before the rules as text, never failing", async () => {
    const staff = await marketing();
    await onlySubscribers("esi@example.com");
    const { account } = await signedInStaff(api, `old-${randomUUID()}@example.com`, "marketing");
    const markdown = `${">".repeat(5000)}\n\nAkwaaba <kbd> <img/src=x onerror=alert(1)>`;
    const id = await createCampaign(
      api.db,
      { subject: "Old", markdown },
      { accountId: account.id, at: api.clock.now.toISOString() },
    );
    const expected =
      `<p>${"&gt;".repeat(5000)}</p>\n` +
      "<p>Akwaaba &lt;kbd&gt; &lt;img/src=x onerror=alert(1)&gt;</p>\n";

    const read = await staff.call(campaignsApi.get, { params: { id } });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ markdown, html: expected });

    const [copy, ...more] = await send(staff, id);
    expect(more).toEqual([]);
    expect(copy?.to).toBe("esi@example.com");
    expect(newsletterHtmlOf(copy?.html ?? "")).toBe(expected);
    const report = await staff.call(campaignsApi.get, { params: { id } });
    expect(report.json()).toMatchObject({ status: "sent", sent: 1, failed: 0 });
  });
});
