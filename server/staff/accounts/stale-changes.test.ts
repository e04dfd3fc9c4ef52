import { describe, expect, it } from "vitest";
import { accountsApi } from "../../../staff-api/admin";
import { testDialects } from "../../testing/lead-api";
import { parsedAnswer } from "../../testing/checks";
import { addStaff, signedInStaff, useStaffApi } from "../../testing/staff-api";
import type { StaffClient } from "../../testing/staff-client";

// Two admins on the accounts page: a change made on an account as it was listed before the
// other admin changed it is refused with the account as it now is (412), never applied over
// theirs; one that names no version is refused (428) (decision 0068).

const ifMatch = (version: string) => ({ "if-match": `"${version}"` });

describe.each(testDialects)("stale changes to staff accounts on $name", ({ url }) => {
  const api = useStaffApi(url);

  /** The account `id` as the accounts page lists it to `admin`. */
  async function listed(admin: StaffClient, id: string) {
    const res = await admin.call(accountsApi.list);
    const account = parsedAnswer(accountsApi.list.answers[200], res.json()).items.find(
      (item) => item.id === id,
    );
    if (!account) throw new Error(`account ${id} is not listed`);
    return account;
  }

  it("changes a role on the version listed; refuses a change made before another admin's", async () => {
    const ama = await signedInStaff(api, "ama-admin@example.com", "admin");
    const kwame = await signedInStaff(api, "kwame-admin@example.com", "admin");
    const { id } = await addStaff(api, "yaw@example.com", "sales");
    const seenByKwame = await listed(kwame, id);

    const changed = await ama.call(accountsApi.change, {
      params: { id },
      body: { role: "marketing" },
      headers: ifMatch((await listed(ama, id)).version),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const now = parsedAnswer(accountsApi.change.answers[200], changed.json());
    expect(changed.headers.etag).toBe(`"${now.version}"`);
    expect(now.version).not.toBe(seenByKwame.version);

    // Kwame disables Yaw from the list he read before: refused, Yaw stays enabled and marketing.
    const stale = await kwame.call(accountsApi.change, {
      params: { id },
      body: { disabled: true },
      headers: ifMatch(seenByKwame.version),
    });
    expect(stale.statusCode).toBe(412);
    expect(parsedAnswer(accountsApi.change.answers[412], stale.json())).toMatchObject({
      id,
      role: "marketing",
      disabled: false,
    });
    expect(stale.headers.etag).toBe(`"${now.version}"`);
    expect(await listed(kwame, id)).toMatchObject({ role: "marketing", disabled: false });
    const disabledEntries = await api.db
      .selectFrom("audit_log")
      .select("action")
      .where("record_id", "=", id)
      .where("action", "=", "staff.disabled")
      .execute();
    expect(disabledEntries).toEqual([]);

    const missing = await kwame.call(accountsApi.change, {
      params: { id },
      body: { disabled: true },
    });
    expect(missing.statusCode).toBe(428);
  });

  it("sends an invitation again on the version listed; not over another admin's resend", async () => {
    const ama = await signedInStaff(api, "ama-admin@example.com", "admin");
    const kwame = await signedInStaff(api, "kwame-admin@example.com", "admin");
    const invited = await ama.call(accountsApi.invite, {
      body: { email: "esi@example.com", role: "sales" },
    });
    const { id } = parsedAnswer(accountsApi.invite.answers[201], invited.json());
    const seenByKwame = await listed(kwame, id);

    // Later, Ama sends it again: a new link, and a new version of the account.
    api.clock.now = new Date(api.clock.now.getTime() + 60_000);
    const resent = await ama.call(accountsApi.resendInvitation, {
      params: { id },
      body: {},
      headers: ifMatch(seenByKwame.version),
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const links = () =>
      api.db.selectFrom("outbox").select("id").where("kind", "=", "staff-invitation").execute();
    const sentSoFar = (await links()).length;

    const stale = await kwame.call(accountsApi.resendInvitation, {
      params: { id },
      body: {},
      headers: ifMatch(seenByKwame.version),
    });
    expect(stale.statusCode).toBe(412);
    expect(parsedAnswer(accountsApi.resendInvitation.answers[412], stale.json())).toMatchObject({
      id,
      invitedAt: api.clock.now.toISOString(),
      invitedBy: "ama-admin",
    });
    // Ama's link still works: no invitation went after hers.
    expect(await links()).toHaveLength(sentSoFar);
    const missing = await kwame.call(accountsApi.resendInvitation, {
      params: { id },
      body: {},
    });
    expect(missing.statusCode).toBe(428);
  });
});
