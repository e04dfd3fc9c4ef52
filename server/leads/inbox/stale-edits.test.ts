/**
 * A change to a lead names the version it was made on (If-Match, the ETag its read answered): a
 * change made on a stale page is refused with the lead as it now is, never applied over a
 * colleague's; and a lead's owner is an enabled account that works leads.
 */
import { describe, expect, it } from "vitest";
import { leadsApi } from "../../../staff-api/leads";
import { testDialects } from "../../testing/lead-api";
import { run as staffCli } from "../../cli/staff";
import { answered, auditOf, refusedWith } from "../../testing/checks";
import type { StaffClient } from "../../testing/staff-client";
import { addContact, at } from "../../testing/records";
import { signedInStaff, useStaffApi } from "../../testing/staff-api";

describe.each(testDialects)("changes to a lead made on a stale page, on $name", ({ url }) => {
  const api = useStaffApi(url);

  /** Opens the lead as the console does: the lead and its version (ETag). */
  async function open(staff: StaffClient, id: string) {
    const res = await staff.call(leadsApi.get, { params: { id } });
    expect(res.statusCode, res.body).toBe(200);
    return { lead: answered(leadsApi.get, res, 200), version: String(res.headers.etag) };
  }

  /** Sends `change` as made on `version`. */
  const save = (staff: StaffClient, id: string, change: object, version: string) =>
    staff.call(leadsApi.update, { params: { id }, body: change, headers: { "if-match": version } });

  const disable = (email: string) =>
    staffCli(["disable", "--email", email], () => {}, { db: api.db, now: api.clock.now });

  it("refuses a change made on an older version with 412 and the lead as it now is", async () => {
    const ama = await signedInStaff(api, "ama@example.com", "sales");
    const kofi = await signedInStaff(api, "kofi@example.com", "sales");
    const id = await addContact(api, at(0));
    const amasPage = await open(ama, id);
    const kofisPage = await open(kofi, id);
    expect(kofisPage.version).toBe(amasPage.version);

    // Ama qualifies the lead and notes why; Kofi, on the page he opened before, takes it.
    const qualified = await save(ama, id, { status: "qualified" }, amasPage.version);
    expect(answered(leadsApi.update, qualified, 200).status).toBe("qualified");
    const newVersion = String(qualified.headers.etag);
    expect(newVersion).not.toBe(amasPage.version);
    expect((await open(ama, id)).version).toBe(newVersion);
    api.advance(60_000);
    await ama.call(leadsApi.addNote, { params: { id }, body: { text: "Budget approved" } });

    const refused = await save(kofi, id, { owner: "kofi@example.com" }, kofisPage.version);
    const current = answered(leadsApi.update, refused, 412);
    expect(current).toMatchObject({ id, status: "qualified", owner: null });
    expect(current.timeline.map((entry) => entry.kind)).toEqual(["status", "note"]);
    expect(refused.headers.etag).toBe(newVersion);
    // Nothing of the refused change was applied; reading the lead to answer it is audited.
    expect((await open(ama, id)).lead).toMatchObject({ status: "qualified", owner: null });
    expect(await auditOf(api, kofi.account.id, "lead.owner-changed")).toEqual([]);
    expect(await auditOf(api, kofi.account.id, "lead.view")).toHaveLength(2);

    // Made again on the version it was shown, the change goes through, leaving the status.
    const taken = await save(kofi, id, { owner: "kofi@example.com" }, newVersion);
    expect(answered(leadsApi.update, taken, 200)).toMatchObject({
      status: "qualified",
      owner: "kofi@example.com",
    });
  });

  it("answers 428 to a change without If-Match, changing nothing", async () => {
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const id = await addContact(api, at(0));
    const res = await sales.call(leadsApi.update, { params: { id }, body: { status: "won" } });
    refusedWith(428, res);
    expect(res.json().error).toMatch(/If-Match/);
    expect((await open(sales, id)).lead.status).toBe("new");
    // "*" (any version) names none: it would skip the check, so it is refused alike.
    for (const star of ["*", " * "]) {
      const any = await sales.call(leadsApi.update, {
        params: { id },
        body: { status: "won" },
        headers: { "if-match": star },
      });
      refusedWith(428, any);
      expect(any.json()).toEqual(res.json());
    }
    expect((await open(sales, id)).lead).toMatchObject({ status: "new", timeline: [] });
    // A weak ETag never matches a change (strong comparison): refused as stale.
    const { version } = await open(sales, id);
    expect((await save(sales, id, { status: "won" }, `W/${version}`)).statusCode).toBe(412);
  });

  it("lets one of two changes made on the same version win, and refuses the other", async () => {
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    // A lead without a state row yet, and one with it, which only the row's lock guards.
    const fresh = await addContact(api, at(0));
    const worked = await addContact(api, at(1));
    await save(sales, worked, { owner: "sales@example.com" }, (await open(sales, worked)).version);
    for (const id of [fresh, worked]) {
      const { version } = await open(sales, id);
      const answers = await Promise.all([
        save(sales, id, { status: "contacted" }, version),
        save(admin, id, { status: "lost" }, version),
      ]);
      expect(answers.map((res) => res.statusCode).toSorted()).toEqual([200, 412]);
      const winner = answers.find((res) => res.statusCode === 200);
      const { lead } = await open(sales, id);
      expect(lead.status).toBe(winner?.json().status);
      expect(lead.timeline.filter((entry) => entry.kind === "status")).toHaveLength(1);
    }
  });

  it("changes only the fields sent, and a note leaves the version as it is", async () => {
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const id = await addContact(api, at(0));
    let { version } = await open(sales, id);
    const owned = await save(sales, id, { owner: "sales@example.com" }, version);
    expect(answered(leadsApi.update, owned, 200)).toMatchObject({
      status: "new",
      owner: "sales@example.com",
    });
    version = String(owned.headers.etag);
    const noted = await sales.call(leadsApi.addNote, { params: { id }, body: { text: "Rang" } });
    expect(noted.statusCode).toBe(201);
    expect((await open(sales, id)).version).toBe(version);
    const won = await save(sales, id, { status: "won" }, version);
    expect(answered(leadsApi.update, won, 200)).toMatchObject({
      status: "won",
      owner: "sales@example.com",
    });
    // A change that changes nothing leaves the version too.
    const same = await save(sales, id, { status: "won" }, String(won.headers.etag));
    expect(same.headers.etag).toBe(won.headers.etag);
  });

  it("keeps a disabled owner through a change of status, and never gives a lead to one", async () => {
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    await signedInStaff(api, "kofi@example.com", "sales");
    await signedInStaff(api, "gone@example.com", "sales");
    const id = await addContact(api, at(0));
    const other = await addContact(api, at(1));
    const given = await save(
      sales,
      id,
      { owner: "kofi@example.com" },
      (await open(sales, id)).version,
    );
    expect(given.statusCode).toBe(200);
    await disable("kofi@example.com");
    await disable("gone@example.com");

    const { version } = await open(sales, id);
    const res = await save(sales, id, { status: "contacted" }, version);
    expect(answered(leadsApi.update, res, 200)).toMatchObject({
      status: "contacted",
      owner: "kofi@example.com",
    });
    // Naming the owner it has is no change, even disabled; naming a disabled account is refused.
    const kept = await save(sales, id, { owner: "kofi@example.com" }, String(res.headers.etag));
    expect(answered(leadsApi.update, kept, 200).owner).toBe("kofi@example.com");
    const otherVersion = (await open(sales, other)).version;
    const refused = await save(sales, other, { owner: "gone@example.com" }, otherVersion);
    refusedWith(400, refused);
    expect(refused.json().error).toBe("owner: not an enabled sales or admin account");
    expect((await open(sales, other)).lead.owner).toBeNull();
  });

  it("gives a lead only to accounts that work leads: sales and admins, not marketing", async () => {
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    await signedInStaff(api, "admin@example.com", "admin");
    await signedInStaff(api, "mkt@example.com", "marketing");
    const id = await addContact(api, at(0));
    const { version } = await open(sales, id);
    const refused = await save(sales, id, { owner: "mkt@example.com" }, version);
    refusedWith(400, refused);
    expect(refused.json().error).toBe("owner: not an enabled sales or admin account");
    const given = await save(sales, id, { owner: "admin@example.com" }, version);
    expect(answered(leadsApi.update, given, 200).owner).toBe("admin@example.com");
  });

  it("says what a note must have when it has nothing visible", async () => {
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const id = await addContact(api, at(0));
    for (const text of ["", "   ", " \r\n\t ", "\u200b"]) {
      const res = await sales.call(leadsApi.addNote, { params: { id }, body: { text } });
      refusedWith(400, res);
      expect(res.json().error, JSON.stringify(text)).toBe("text: Write a note");
    }
  });
});
