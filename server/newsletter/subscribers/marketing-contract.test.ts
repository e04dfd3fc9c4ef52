import { describe, expect, it } from "vitest";
import { apiPaths } from "../../../common/paths";
import { REPORT_DIMENSIONS, reportsApi } from "../../../staff-api/reports";
import { Subscriber, subscribersApi } from "../../../staff-api/subscribers";
import { subscriber as subscriberSample } from "../../../staff-api/test-samples";
import { postJson, sampleContact, sampleDemo, subscriptionRow } from "../../testing/lead-api";
import { sqliteOnly } from "../../db/testing/databases";
import { aMinuteAgo } from "../../testing/records";
import { parsedAnswer, refusedWith, expectStrict } from "../../testing/checks";
import { signedInStaff, useStaffApi } from "../../testing/staff-api";

// The answers of marketing's routes (the subscribers and the reports), read back as the console
// reads them: parsed with their contract schemas, whose objects are strict. As for the lead inbox
// (leads/inbox/contract.test.ts), the app under test also checks each answer before Fastify
// serialises it.

describe.each(sqliteOnly)("marketing's answers match the contract on $name", ({ url }) => {
  const api = useStaffApi(url);

  const signedOut = api.signedOut();

  /** Subscribers of each status, one with every attribution field and one with none. */
  async function addSubscribers() {
    const at = aMinuteAgo(api);
    await api.db
      .insertInto("newsletter_subscriptions")
      .values([
        {
          ...subscriptionRow("esi@example.com", "confirmed", at),
          source: "/blog/momo",
          landing_page: "/blog/momo?utm_source=newsletter",
          referrer: "https://www.google.com/",
          utm_source: "newsletter",
          utm_medium: "email",
          utm_campaign: "harmattan",
          utm_term: "momo",
          utm_content: "footer",
        },
        { ...subscriptionRow("kojo@example.com", "pending", at), source: "unknown" },
        subscriptionRow("abena@example.com", "unsubscribed", at),
      ])
      .execute();
  }

  it("answers the subscribers' routes, success and refusal, exactly as the contract says", async () => {
    await addSubscribers();
    const marketing = await signedInStaff(api, "marketing@example.com", "marketing");
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const { list, exportCsv } = subscribersApi;

    const first = await marketing.get(`${list.path}?limit=2`);
    expect(first.statusCode).toBe(200);
    const page = parsedAnswer(list.answers[200], first.json());
    expect(page.nextCursor).not.toBeNull();
    const next = await marketing.get(`${list.path}?limit=2&cursor=${page.nextCursor}`);
    const rest = parsedAnswer(list.answers[200], next.json());
    expect(rest.nextCursor).toBeNull();
    const all = [...page.items, ...rest.items];
    expect(all.map((s) => s.status).toSorted()).toEqual(["confirmed", "pending", "unsubscribed"]);
    const esi = all.find((s) => s.email === "esi@example.com");
    expect(esi).toMatchObject({
      page: "/blog/momo",
      source: { utmCampaign: "harmattan", referrer: "https://www.google.com/" },
    });
    expect(all.find((s) => s.email === "kojo@example.com")).toMatchObject({
      page: null,
      source: {},
    });

    const filtered = await marketing.get(`${list.path}?status=confirmed&q=ESI`);
    expect(parsedAnswer(list.answers[200], filtered.json()).items).toHaveLength(1);

    const csv = await marketing.get(`${exportCsv.path}?status=confirmed`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["x-row-count"]).toBe("1");

    const refusals = [
      [await marketing.get(`${list.path}?limit=0`), 400],
      [await marketing.get(`${list.path}?cursor=nope`), 400],
      [await marketing.get(`${exportCsv.path}?status=nope`), 400],
      [await signedOut.get(list.path), 401],
      [await signedOut.get(exportCsv.path), 401],
      [await sales.get(list.path), 403],
      [await sales.get(exportCsv.path), 403],
    ] as const;
    for (const [res, status] of refusals) refusedWith(status, res);
  });

  it("answers the lead report, by each dimension and refused, exactly as the contract says", async () => {
    await addSubscribers();
    for (const [path, body] of [
      [apiPaths.contact, { ...sampleContact, source: { utmCampaign: "harmattan" } }],
      [apiPaths.demo, sampleDemo],
    ] as const) {
      expect((await postJson(api.app, path, body)).statusCode).toBeLessThan(300);
    }
    const marketing = await signedInStaff(api, "marketing@example.com", "marketing");
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const { leads } = reportsApi;

    for (const by of REPORT_DIMENSIONS) {
      for (const type of ["", "newsletter", "contact,demo"]) {
        const res = await marketing.get(`${leads.path}?by=${by}&type=${type}`);
        expect(res.statusCode, res.body).toBe(200);
        parsedAnswer(leads.answers[200], res.json());
      }
    }
    const weeks = parsedAnswer(
      leads.answers[200],
      (await marketing.get(`${leads.path}?by=week`)).json(),
    );
    expect(weeks.rows.reduce((sum, row) => sum + row.count, 0)).toBe(5);
    expect(weeks.rows.at(-1)).toHaveProperty("responded", 0);
    const campaigns = await marketing.get(`${leads.path}?by=campaign`);
    expect(parsedAnswer(leads.answers[200], campaigns.json()).rows).toContainEqual({
      key: "harmattan",
      count: 2,
      won: 0,
      lost: 0,
    });

    const refusals = [
      [await marketing.get(`${leads.path}?by=nope`), 400],
      [await marketing.get(leads.path), 400],
      [await marketing.get(`${leads.path}?by=week&since=2026-02-30`), 400],
      [await marketing.get(`${leads.path}?by=week&since=2001-01-01`), 400],
      [await marketing.get(`${leads.path}?by=week&type=contact,spam`), 400],
      [await signedOut.get(`${leads.path}?by=week`), 401],
      [await sales.get(`${leads.path}?by=week`), 403],
    ] as const;
    for (const [res, status] of refusals) refusedWith(status, res);
  });
});

describe("a subscriber's strict answer", () => {
  const subscriber = subscriberSample();

  it("refuses a field the contract lacks, and one it requires that is missing", () => {
    const { page: _, ...withoutPage } = subscriber;
    const source = { ...subscriber.source, gclid: "x" };
    expectStrict(Subscriber, subscriber, [
      { ...subscriber, emailKey: "x" },
      withoutPage,
      { ...subscriber, source },
    ]);
  });
});
