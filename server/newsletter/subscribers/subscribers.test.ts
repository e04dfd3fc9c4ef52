import { describe, expect, it } from "vitest";
import { UNSAFE_CHARACTERS_MESSAGE } from "../../../leads/fields";
import { testDialects } from "../../testing/lead-api";
import type { Query, StaffClient } from "../../testing/staff-client";
import { addSubscriber, at } from "../../testing/records";
import {
  type ListPage,
  expectAccess,
  auditOf,
  csvLines,
  expectListPaging,
  expectLastPage,
} from "../../testing/checks";
import { signedInStaff, useStaffApi } from "../../testing/staff-api";
import { subscribersApi } from "../../../staff-api/subscribers";

describe.each(testDialects)("subscribers API on $name", ({ url }) => {
  const api = useStaffApi(url);

  const list = (staff: StaffClient, query: Query = {}) =>
    staff.read<ListPage>(subscribersApi.list, { query });

  it("shows where each subscriber's visit came from, in the list and the CSV", async () => {
    const id = await addSubscriber(api, at(1), { email: "kwame@example.com" });
    await api.db
      .updateTable("newsletter_subscriptions")
      .set({ landing_page: "/services/ussd", utm_source: "facebook", utm_campaign: "harmattan" })
      .where("id", "=", id)
      .execute();
    await addSubscriber(api, at(2), { email: "adjoa@example.com" });
    const marketing = await signedInStaff(api, "mkt@example.com", "marketing");
    const { items } = await list(marketing);
    expect(items.map((item) => item.source)).toEqual([
      {},
      { landingPage: "/services/ussd", utmSource: "facebook", utmCampaign: "harmattan" },
    ]);
    const csv = await marketing.call(subscribersApi.exportCsv);
    const [header, , kwame] = csvLines(csv);
    const row = Object.fromEntries(
      (header ?? "").split(",").map((column, i) => [column, kwame?.split(",")[i]]),
    );
    expect(row).toMatchObject({
      email: "kwame@example.com",
      form_page: "/help-center",
      landing_page: "/services/ussd",
      utm_source: "facebook",
      utm_campaign: "harmattan",
      referrer: "",
    });
  });

  it("lets marketing and admins in, keeps sales out and the signed-out away", async () => {
    await addSubscriber(api, at(1));
    const marketing = await signedInStaff(api, "mkt@example.com", "marketing");
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    for (const endpoint of [subscribersApi.list, subscribersApi.exportCsv]) {
      await expectAccess(api, { sales, marketing, admin }, [endpoint], {
        allowed: ["marketing", "admin"],
        ok: 200,
      });
    }
  });

  it("lists subscribers newest first with their fields, filtered by status and address", async () => {
    const marketing = await signedInStaff(api, "mkt@example.com", "marketing");
    const esi = await addSubscriber(api, at(1), { email: "Esi@example.com" });
    const kofi = await addSubscriber(api, at(2), {
      email: "kofi_50%@corp.example",
      status: "confirmed",
      source: "/",
    });
    const yaw = await addSubscriber(api, at(3), {
      email: "yaw@x.example",
      status: "unsubscribed",
      source: "unknown",
    });

    const all = await list(marketing);
    expectLastPage(all, [yaw, kofi, esi]);
    expect(all.items).toEqual([
      {
        id: yaw,
        email: "yaw@x.example",
        status: "unsubscribed",
        createdAt: at(3),
        confirmedAt: null,
        unsubscribedAt: at(3),
        page: null,
        source: {},
        confirmationSentAt: null,
        confirmationAgainAt: null,
        version: expect.any(String),
      },
      {
        id: kofi,
        email: "kofi_50%@corp.example",
        status: "confirmed",
        createdAt: at(2),
        confirmedAt: at(2),
        unsubscribedAt: null,
        page: "/",
        source: {},
        confirmationSentAt: null,
        confirmationAgainAt: null,
        version: expect.any(String),
      },
      {
        id: esi,
        email: "Esi@example.com",
        status: "pending",
        createdAt: at(1),
        confirmedAt: null,
        unsubscribedAt: null,
        page: "/help-center",
        source: {},
        confirmationSentAt: null,
        confirmationAgainAt: null,
        version: expect.any(String),
      },
    ]);

    const ids = async (query: Record<string, string>) =>
      (await list(marketing, query)).items.map((i) => i.id);
    expect(await ids({ status: "confirmed" })).toEqual([kofi]);
    expect(await ids({ status: "pending" })).toEqual([esi]);
    expect(await ids({ q: "ESI@" })).toEqual([esi]);
    expect(await ids({ q: "example" })).toEqual([yaw, kofi, esi]);
    expect(await ids({ q: "example", status: "unsubscribed" })).toEqual([yaw]);
    // % and _ match themselves only.
    expect(await ids({ q: "50%" })).toEqual([kofi]);
    expect(await ids({ q: "%" })).toEqual([kofi]);
    expect(await ids({ q: "_" })).toEqual([kofi]);
    expect(await ids({ q: "kofi_5" })).toEqual([kofi]);
    expect(await ids({ q: "e_i" })).toEqual([]);
    expect(await ids({ q: "y%x" })).toEqual([]);
    expect(await ids({ q: "\\" })).toEqual([]);

    // The audit log keeps that there was a search, not what was sought.
    const audit = await auditOf(api, marketing.account.id, "subscriber.list");
    expect(audit.length).toBe(13);
    const details = audit.map((a) => JSON.parse(a.detail));
    expect(details).toContainEqual({ filters: { q: "(4 characters)" }, page: "first" });
    expect(details).toContainEqual({ filters: { status: "confirmed" }, page: "first" });
    expect(audit.some((a) => /esi@|kofi|example/i.test(a.detail))).toBe(false);
  });

  it("pages through every subscriber exactly once, ties included", async () => {
    const marketing = await signedInStaff(api, "mkt@example.com", "marketing");
    const expected: string[] = [];
    for (let i = 0; i < 120; i++) {
      expected.push(await addSubscriber(api, at(Math.floor(i / 4)), { email: `p${i}@x.example` }));
    }
    await expectListPaging((query) => list(marketing, query), expected);
    const audit = await auditOf(api, marketing.account.id, "subscriber.list");
    expect(audit.map((a) => JSON.parse(a.detail))).toContainEqual({ filters: {}, page: "next" });
  });

  it("answers 400 to bad filters, cursors and limits, never 5xx", async () => {
    const marketing = await signedInStaff(api, "mkt@example.com", "marketing");
    await addSubscriber(api, at(1));
    const bad: Record<string, string>[] = [
      { limit: "0" },
      { limit: "101" },
      { limit: "ten" },
      { cursor: "not a cursor" },
      { cursor: Buffer.from('["x","y"]').toString("base64url") },
      { status: "active" },
      { q: "x".repeat(201) },
    ];
    for (const query of bad) {
      for (const endpoint of [subscribersApi.list, subscribersApi.exportCsv]) {
        if (endpoint !== subscribersApi.list && ("cursor" in query || "limit" in query)) continue;
        const res = await marketing.call(endpoint, { query });
        expect(res.statusCode, `${endpoint.path} ${JSON.stringify(query)}`).toBe(400);
        expect(res.json()).toEqual({ error: expect.any(String) });
      }
    }
    expect(
      (await marketing.call(subscribersApi.list, { query: "status=a&status=b" })).statusCode,
    ).toBe(400);
  });

  it("exports the filtered subscribers as formula-safe CSV, every one once, and audits it", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    await addSubscriber(api, at(1), { email: "=HYPERLINK(1)@x.example", status: "confirmed" });
    await addSubscriber(api, at(2), { email: "+233@x.example", source: "-1" });
    for (let i = 0; i < 510; i++) {
      await addSubscriber(api, at(3 + (i % 5)), { email: `p${i}@y.example` });
    }
    const res = await admin.call(subscribersApi.exportCsv, { query: "q=x.example" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="subscribers-.*\.csv"$/,
    );
    expect(res.headers["x-row-count"]).toBe("2");
    const lines = csvLines(res);
    expect(lines[0]).toBe(
      "id,email,status,created_at,confirmed_at,unsubscribed_at,form_page," +
        "landing_page,referrer,utm_source,utm_medium,utm_campaign,utm_term,utm_content",
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(",'+233@x.example,pending,");
    expect(lines[2]).toContain(",'=HYPERLINK(1)@x.example,confirmed,");

    const all = await admin.call(subscribersApi.exportCsv, { query: "status=pending" });
    const rows = csvLines(all).slice(1);
    expect(rows).toHaveLength(511);
    expect(new Set(rows.map((l) => l.split(",")[0])).size).toBe(511);

    const audit = await auditOf(api, admin.account.id, "subscriber.export");
    const exports = audit.map((a) => JSON.parse(a.detail) as { rows: number });
    expect(exports.toSorted((a, b) => a.rows - b.rows)).toEqual([
      { filters: { q: "(9 characters)" }, rows: 2 },
      { filters: { status: "pending" }, rows: 511 },
    ]);
  }, 60_000);

  it("refuses hidden and control characters in the search with the field's 400, never 5xx", async () => {
    await addSubscriber(api, at(1), { email: "esi@example.com" });
    const marketing = await signedInStaff(api, "mkt@example.com", "marketing");
    for (const bad of ["\u0000", "\u001b[2J", "\u0007", "\u007f", "\u0085", "\u202e", "\u2028"]) {
      for (const endpoint of [subscribersApi.list, subscribersApi.exportCsv]) {
        const query = new URLSearchParams({ q: `es${bad}i` });
        const res = await marketing.call(endpoint, { query });
        expect(res.statusCode, `${endpoint.path} ${query}`).toBe(400);
        expect(res.json()).toEqual({ error: `q: ${UNSAFE_CHARACTERS_MESSAGE}` });
      }
    }
    // Trimmed, and empty is no search at all.
    expect((await list(marketing, { q: " ESI@ " })).items).toHaveLength(1);
    expect((await list(marketing, { q: " " })).items).toHaveLength(1);
  });
});
