import { describe, expect, it } from "vitest";
import { apiPaths } from "../../common/paths";
import { recordReturnedMail } from "../newsletter/returns/returns";
import { isSuppressed, suppress } from "../newsletter/returns/suppressions";
import { erasedSuppressionKey } from "../privacy/third-parties";
import { peopleApi } from "../../staff-api/people";
import { signedInStaff, useStaffApi } from "../testing/staff-api";
import { postJson, subscriptionRow, testDialects } from "../testing/lead-api";
import { confirmSubscription } from "../newsletter/subscribers/lifecycle";
import { erasureApi } from "../../staff-api/admin";
import { campaignsApi } from "../../staff-api/newsletter";
import { sentAndDelivered } from "../newsletter/campaigns/campaigns.testing";
import { suppressionsApi } from "../../staff-api/mail";

// Erasure keeps an address's suppression entry only as a hash of it, and every check still
// refuses the address (docs/decisions/0035-erasure-and-address-changes.md).

describe.each(testDialects)("an erased person's suppression on $name", ({ url }) => {
  const api = useStaffApi(url);

  async function start() {
    for (const table of ["mail_events", "mail_suppressions", "newsletter_campaigns"] as const) {
      await api.db.deleteFrom(table).execute();
    }
    const at = new Date(api.clock.now.getTime() - 60_000).toISOString();
    const rows = ["Ama@Example.com", "kofi@example.com"].map((email) =>
      subscriptionRow(email, "confirmed", at),
    );
    await api.db.insertInto("newsletter_subscriptions").values(rows).execute();
    return signedInStaff(api, "admin@example.com", "admin");
  }

  const complaint = (email: string, detail: string) =>
    recordReturnedMail(api.db, {
      source: "ses",
      sourceRef: `ses-${detail}`,
      type: "complaint",
      email,
      status: null,
      detail,
      at: api.clock.now,
    });

  const erase = async (admin: Awaited<ReturnType<typeof start>>, email: string) => {
    const res = await admin.call(erasureApi.forget, { body: { email } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().erased as Record<string, number>;
  };

  /** Every column of every row of the tables about returned mail. */
  const returnedMailRows = async () => [
    ...(await api.db.selectFrom("mail_suppressions").selectAll().execute()),
    ...(await api.db.selectFrom("mail_events").selectAll().execute()),
  ];

  it("keeps no trace of a complainer's address, and never mails them again after a new sign-up", async () => {
    const admin = await start();
    await complaint("ama@example.com", "abuse");
    expect(await erase(admin, " AMA@example.com ")).toMatchObject({
      newsletter_subscriptions: 1,
      mail_events: 1,
      mail_suppressions: 1,
    });
    const rows = await returnedMailRows();
    expect(rows).toEqual([
      expect.objectContaining({
        email: "",
        email_key: erasedSuppressionKey("ama@example.com"),
        reason: "complaint",
        detail: "abuse",
        event_id: null,
      }),
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/ama|example/i);

    // Signing up again: answered as anyone is, but no confirmation is queued or sent.
    const signUp = await postJson(api.app, apiPaths.subscribe, { email: "ama@example.com" });
    expect(signUp.statusCode).toBe(202);
    api.advance(60_000);
    await api.outbox.runOnce();
    expect(api.transport.sent.map((m) => m.to)).toEqual([]);
    expect(await api.db.selectFrom("outbox").select("id").execute()).toEqual([]);
    // The entry has the address back, for the campaign's queries that join on it.
    const entries = await api.db
      .selectFrom("mail_suppressions")
      .select(["email", "email_key", "reason"])
      .execute();
    expect(entries).toEqual([
      { email: "ama@example.com", email_key: "ama@example.com", reason: "complaint" },
    ]);

    // Even confirmed somehow, the next campaign has a copy for her that is never sent.
    const { confirm_token } = await api.db
      .selectFrom("newsletter_subscriptions")
      .select("confirm_token")
      .where("email_key", "=", "ama@example.com")
      .executeTakeFirstOrThrow();
    expect(await confirmSubscription(api.db, confirm_token)).toBe("confirmed");
    const marketing = await signedInStaff(api, "mkt@example.com", "marketing");
    const created = await marketing.call(campaignsApi.create, {
      body: {
        subject: "News",
        markdown: "Hi",
      },
    });
    const id = String(created.json().id);
    const sent = await sentAndDelivered(api, marketing, id);
    expect(sent.map((m) => m.to)).toEqual(["kofi@example.com"]);
    const report = await marketing.call(campaignsApi.get, { params: { id } });
    expect(report.json()).toMatchObject({ recipients: 2, states: { sent: 1, suppressed: 1 } });
  });

  it("drops the detail that could name the person, and finds the entry by the whole address", async () => {
    const admin = await start();
    await complaint("ama@example.com", "report from AMA@example.com");
    await suppress(api.db, {
      email: "esi@example.com",
      reason: "manual",
      at: api.clock.now.toISOString(),
      detail: "Esi Mensah phoned",
      eventId: null,
    });
    await erase(admin, "ama@example.com");
    await erase(admin, "esi@example.com");
    const details = await api.db.selectFrom("mail_suppressions").select("detail").execute();
    expect(details).toEqual([{ detail: "" }, { detail: "" }]);
    // The access request finds the entry by the address, as the hash it now is.
    const exported = await admin.call(peopleApi.export, { query: { email: "Ama@example.com" } });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().suppressions.entry).toEqual({
      email: "",
      reason: "complaint",
      at: expect.any(String),
      detail: "",
    });
    // What the send checks (server/newsletter/subscriber-mail.ts), in any spelling of the address.
    expect(await isSuppressed(api.db, "AMA@Example.com")).toBe(true);
    expect(await isSuppressed(api.db, "kofi@example.com")).toBe(false);

    const marketing = await signedInStaff(api, "mkt@example.com", "marketing");
    const found = await marketing.call(suppressionsApi.list, { query: { q: "Ama@example.com" } });
    expect(found.json().items).toEqual([
      expect.objectContaining({ email: "", reason: "complaint" }),
    ]);
    expect(
      (await marketing.call(suppressionsApi.list, { query: { q: "ama" } })).json().items,
    ).toEqual([]);
    // Added by hand again: the entry is there already, with its stronger reason.
    const added = await marketing.call(suppressionsApi.add, {
      body: {
        email: "ama@example.com",
        note: "",
      },
    });
    expect(added.statusCode).toBe(409);
    expect(await api.db.selectFrom("mail_suppressions").select("id").execute()).toHaveLength(2);
  });

  it("a new bounce of an erased address raises its one entry, back in clear", async () => {
    const admin = await start();
    await suppress(api.db, {
      email: "ama@example.com",
      reason: "manual",
      at: api.clock.now.toISOString(),
      detail: "",
      eventId: null,
    });
    await erase(admin, "ama@example.com");
    await complaint("Ama@example.com", "abuse");
    const entries = await api.db
      .selectFrom("mail_suppressions")
      .select(["email_key", "reason"])
      .execute();
    expect(entries).toEqual([{ email_key: "ama@example.com", reason: "complaint" }]);
  });
});
