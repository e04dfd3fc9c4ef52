import { ANY_VERSION } from "../../testing/staff-client";
import { describe, expect, it } from "vitest";
import { newsletterLinkPaths } from "../../../common/paths";
import type { OutboxKind } from "../../../staff-api/admin";
import { subscribersApi } from "../../../staff-api/subscribers";
import { suppress } from "../returns/suppressions";
import { testDialects } from "../../testing/lead-api";
import { addSubscriber, at, storedSubscription } from "../../testing/records";
import { auditOf, refusedWith } from "../../testing/checks";
import { signedInStaff, useStaffApi } from "../../testing/staff-api";
import { auditApi } from "../../../staff-api/audit";
import { erasureApi } from "../../../staff-api/admin";

// Marketing changes a subscriber's address only by a confirmation sent to the new one
// (docs/decisions/0035-erasure-and-address-changes.md).

describe.each(testDialects)("a subscriber's new address on $name", ({ url }) => {
  const api = useStaffApi(url);
  const { changeAddress } = subscribersApi;

  const subscription = (email: string) => storedSubscription(api, email);

  /** `staff` asks for subscriber `id`'s new address, on whatever version it has now. */
  const askAddress = (
    staff: Awaited<ReturnType<typeof signedInStaff>>,
    id: string,
    email: unknown,
  ) =>
    staff.call(changeAddress, {
      headers: ANY_VERSION,
      params: { id },
      body: { email } as { email: string },
    });

  const queued = (kind: OutboxKind) =>
    api.db.selectFrom("outbox").select(["lead_id", "payload"]).where("kind", "=", kind).execute();

  const addressChanges = async (admin: Awaited<ReturnType<typeof signedInStaff>>) => {
    const res = await admin.call(auditApi.list, {
      query: { action: "subscriber.address-changed" },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items as { subject: { id: string }; correction?: unknown }[];
  };

  it("mails the new address, which replaces the old once confirmed; admins see the change", async () => {
    await api.db.deleteFrom("mail_suppressions").execute();
    const old = await addSubscriber(api, at(1), { email: "ama@old.example", status: "confirmed" });
    const marketing = await signedInStaff(api, "mkt@example.com", "marketing");
    const res = await askAddress(marketing, old, " Ama@NEW.example ");
    expect(res.statusCode, res.body).toBe(202);

    const replacement = await subscription("ama@new.example");
    expect(replacement).toMatchObject({
      email: "Ama@new.example",
      status: "pending",
      replaces_subscription_id: old,
      source: "/help-center",
    });
    const [mail, ...more] = await queued("newsletter-confirmation");
    expect(more).toEqual([]);
    expect(mail?.lead_id).toBe(replacement.id);
    expect(JSON.parse(mail?.payload ?? "{}")).toMatchObject({ to: "Ama@new.example" });
    expect((await subscription("ama@old.example")).status).toBe("confirmed");
    const [asked] = await auditOf(api, marketing.account.id, "subscriber.address-change-sent");
    expect(asked).toMatchObject({ record_type: "subscriber", record_id: old });
    expect(JSON.parse(asked?.detail ?? "{}")).toEqual({ replacement: replacement.id });

    const confirmed = await api
      .signedOut()
      .send("POST", `${newsletterLinkPaths.confirm}?token=${replacement.confirm_token}`);
    expect(confirmed.statusCode).toBe(303);
    expect(await subscription("ama@old.example")).toMatchObject({
      status: "unsubscribed",
      left_how: "address-changed",
    });
    expect(await subscription("ama@new.example")).toMatchObject({ status: "confirmed" });
    expect(await queued("newsletter-welcome")).toEqual([]);

    // The log keeps ids only; the audit page shows admins both addresses, from the two rows.
    const logged = await api.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "in", ["subscriber.address-changed", "subscriber.address-change-sent"])
      .execute();
    expect(logged).toHaveLength(2);
    expect(JSON.stringify(logged)).not.toMatch(/ama/i);
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const [change] = await addressChanges(admin);
    expect(change).toMatchObject({
      subject: { id: replacement.id },
      correction: { email: { from: "ama@old.example", to: "Ama@new.example" } },
    });
    // Erasing the old address takes it from the page too.
    await admin.call(erasureApi.forget, { body: { email: "ama@old.example" } });
    expect((await addressChanges(admin))[0]?.correction).toBeUndefined();
  });

  it("makes a row the new address has already the replacement: one row per address", async () => {
    const old = await addSubscriber(api, at(1), { email: "esi@example.com", status: "confirmed" });
    const left = await addSubscriber(api, at(2), {
      email: "esi@new.example",
      status: "unsubscribed",
    });
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const res = await askAddress(admin, old, "esi@new.example");
    expect(res.statusCode, res.body).toBe(202);
    expect(await subscription("esi@new.example")).toMatchObject({
      id: left,
      status: "pending",
      unsubscribed_at: null,
      replaces_subscription_id: old,
    });
  });

  it("refuses with why, and sends nothing", async () => {
    await api.db.deleteFrom("mail_suppressions").execute();
    const kofi = await addSubscriber(api, at(1), {
      email: "kofi@example.com",
      status: "confirmed",
    });
    await addSubscriber(api, at(2), { email: "yaw@example.com", status: "confirmed" });
    const gone = await addSubscriber(api, at(3), {
      email: "abena@example.com",
      status: "unsubscribed",
    });
    await suppress(api.db, {
      email: "spam@example.com",
      reason: "complaint",
      at: at(4),
      detail: "abuse",
      eventId: null,
    });
    const marketing = await signedInStaff(api, "mkt@example.com", "marketing");
    const change = (id: string, email: unknown) => askAddress(marketing, id, email);
    const refusal = async (id: string, email: string, status: number, words: RegExp) => {
      const res = await change(id, email);
      refusedWith(status, res);
      expect(res.json().error, email).toMatch(words);
    };

    await refusal(kofi, "not an address", 400, /email/i);
    await refusal(kofi, "Kofi <kofi@new.example>", 400, /email/i);
    await refusal("00000000-0000-4000-8000-000000000000", "a@new.example", 404, /No such/);
    await refusal(kofi, "KOFI@example.com", 409, /their address already/);
    await refusal(kofi, "yaw@example.com", 409, /confirmed subscription/);
    await refusal(kofi, "spam@example.com", 409, /suppression list \(they marked/);
    await refusal(gone, "abena@new.example", 409, /unsubscribed/);
    expect(await queued("newsletter-confirmation")).toEqual([]);

    // The limits of a sign-up: one confirmation an hour to the same new address.
    expect((await change(kofi, "kofi@new.example")).statusCode).toBe(202);
    await refusal(kofi, "kofi@new.example", 409, /less than an hour ago/);
    expect(await queued("newsletter-confirmation")).toHaveLength(1);
  });
});
