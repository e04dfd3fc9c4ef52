import { describe, expect, it } from "vitest";
import { pathOf } from "../../../staff-api/endpoint";
import { campaignsApi, welcomeApi } from "../../../staff-api/newsletter";
import { testDialects } from "../../testing/lead-api";
import { auditOf, parsedAnswer, refusedWith } from "../../testing/checks";
import { signedInStaff, useStaffApi } from "../../testing/staff-api";
import { TEST_SENDS } from "./test-copies";
import { unchecked } from "../../testing/staff-client";

// Test copies of a campaign and of the welcome e-mail's draft: to the sender or up to five
// addresses, each once, marked [Test], unsubscribing nobody, audited without the addresses, and
// a few sends an hour.

const draft = { subject: "November news", markdown: "Hello **friends**." };
const OTHERS = ["esi@example.com", "kofi@example.org"];

describe.each(testDialects)("test copies on $name", ({ url }) => {
  const api = useStaffApi(url);

  async function marketingWithCampaign() {
    const marketing = await signedInStaff(api, "ama@example.com", "marketing");
    const created = await marketing.send("POST", campaignsApi.create.path, draft);
    const id = parsedAnswer(campaignsApi.create.answers[201], created.json()).id;
    const test = (body?: unknown) =>
      marketing.call(campaignsApi.test, { params: { id }, body: unchecked(body) });
    return { marketing, id, test };
  }

  async function delivered() {
    await api.outbox.runOnce();
    return api.transport.sent.filter((mail) => mail.subject.startsWith("[Test]"));
  }

  it("sends a campaign's test to each address once, marked [Test], and audits how many", async () => {
    const { marketing, id, test } = await marketingWithCampaign();
    // The sender's own address, typed twice and in another case, and two others.
    const res = await test({ to: ["ama@example.com", ...OTHERS, "AMA@Example.com"] });
    expect(res.statusCode, res.body).toBe(202);
    expect(parsedAnswer(campaignsApi.test.answers[202], res.json()).message).toContain(OTHERS[1]);

    const mails = await delivered();
    expect(mails.map((mail) => mail.to).toSorted()).toEqual(["ama@example.com", ...OTHERS]);
    for (const mail of mails) {
      expect(mail.subject).toBe("[Test] November news");
      expect(mail.html).toContain("<strong>friends</strong>");
      // No one-click unsubscribe, and the link in the text carries no subscriber's token.
      expect(mail.headers ?? {}).toEqual({});
      expect(mail.text).toMatch(/Unsubscribe: http:\/\/localhost:3000\/newsletter\/unsubscribe$/);
    }
    const [entry] = await auditOf(api, marketing.account.id, "campaign.test-sent");
    expect(entry?.record_id).toBe(id);
    expect(JSON.parse(entry?.detail ?? "{}")).toEqual({ addresses: 3, toSelf: true });
    expect(entry?.detail).not.toContain("example.org");
  });

  it("sends to the sender alone when no address is given", async () => {
    const { marketing, test } = await marketingWithCampaign();
    expect((await test({})).statusCode).toBe(202);
    expect((await delivered()).map((mail) => mail.to)).toEqual(["ama@example.com"]);
    const [entry] = await auditOf(api, marketing.account.id, "campaign.test-sent");
    expect(JSON.parse(entry?.detail ?? "{}")).toEqual({ addresses: 1, toSelf: true });
  });

  it("refuses more than five addresses, or a bad one by name, and sends nothing", async () => {
    const { marketing, test } = await marketingWithCampaign();
    const six = ["a", "b", "c", "d", "e", "f"].map((name) => `${name}@example.com`);
    const tooMany = await test({ to: six });
    refusedWith(400, tooMany);
    expect(tooMany.json<{ error: string }>().error).toBe(
      "A test goes to 5 addresses at most; you gave 6.",
    );
    for (const bad of ["esi@", "kofi example.org", "Ama <ama@example.com>"]) {
      const res = await test({ to: [OTHERS[0], bad] });
      refusedWith(400, res);
      expect(res.json<{ error: string }>().error).toBe(
        `“${bad}” is not an e-mail address. Correct it or leave it out.`,
      );
    }
    refusedWith(400, await test({ to: [] }));
    const welcome = await marketing.call(welcomeApi.test, { body: { ...draft, to: ["esi@"] } });
    expect(welcome.json<{ error: string }>().error).toContain("“esi@”");
    expect(await delivered()).toEqual([]);
    expect(await auditOf(api, marketing.account.id, "campaign.test-sent")).toEqual([]);
  });

  it("sends the welcome e-mail's draft as typed, unsaved, and audits it", async () => {
    const marketing = await signedInStaff(api, "ama@example.com", "marketing");
    const typed = { subject: "Welcome, reader", markdown: "Not saved *yet*." };
    const res = await marketing.call(welcomeApi.test, { body: { ...typed, to: OTHERS } });
    expect(res.statusCode, res.body).toBe(202);
    parsedAnswer(welcomeApi.test.answers[202], res.json());

    const mails = await delivered();
    expect(mails.map((mail) => mail.to).toSorted()).toEqual(OTHERS);
    for (const mail of mails) {
      expect(mail.subject).toBe("[Test] Welcome, reader");
      expect(mail.html).toContain("<em>yet</em>");
    }
    // Nothing was saved: the welcome e-mail is still the site's.
    const saved = await marketing.send("GET", welcomeApi.get.path);
    expect(parsedAnswer(welcomeApi.get.answers[200], saved.json()).updatedAt).toBeNull();
    const entries = await auditOf(api, marketing.account.id, "newsletter.welcome-test-sent");
    expect(entries.map((entry) => JSON.parse(entry.detail))).toEqual([
      { addresses: 2, toSelf: false },
    ]);
    // A draft the server cannot send is refused as a save would be.
    refusedWith(
      400,
      await marketing.call(welcomeApi.test, { body: { subject: "", markdown: "x" } }),
    );
  });

  it(`allows ${TEST_SENDS.max} test sends an hour, campaigns' and the welcome's together`, async () => {
    const { marketing, test } = await marketingWithCampaign();
    for (let send = 0; send < TEST_SENDS.max / 2; send++) {
      expect((await test({})).statusCode).toBe(202);
      const welcome = await marketing.call(welcomeApi.test, { body: draft });
      expect(welcome.statusCode).toBe(202);
    }
    for (const res of [await test({}), await marketing.call(welcomeApi.test, { body: draft })]) {
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      expect(res.json<{ error: string }>().error).toContain("20 tests an hour");
    }
    // Another member of staff has their own allowance.
    const colleague = await signedInStaff(api, "admin@example.com", "admin");
    expect((await colleague.call(welcomeApi.test, { body: draft })).statusCode).toBe(202);
  });

  it("is for marketing and admins: sales is refused and nothing is sent", async () => {
    const { id } = await marketingWithCampaign();
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    refusedWith(403, await sales.call(campaignsApi.test, { params: { id }, body: {} }));
    refusedWith(403, await sales.call(welcomeApi.test, { body: draft }));
    refusedWith(401, await api.signedOut().call(welcomeApi.test, { body: draft }));
    expect(await delivered()).toEqual([]);
  });

  it("answers a campaign with the configured sending rate", async () => {
    const { marketing, id } = await marketingWithCampaign();
    const res = await marketing.send("GET", pathOf(campaignsApi.get, { id }));
    // server/testing/lead-api.ts sets NEWSLETTER_SEND_PER_MINUTE to 60.
    expect(parsedAnswer(campaignsApi.get.answers[200], res.json()).sendPerMinute).toBe(60);
  });
});
