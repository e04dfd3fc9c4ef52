/**
 * Correcting a lead's contact details at the person's request (docs/decisions/0032): the form's
 * own rules, the lead's version, search and erasure finding the corrected address, the timeline
 * naming the fields and the audit log's page showing admins what was replaced.
 */
import { describe, expect, it } from "vitest";
import { auditApi } from "../../../staff-api/audit";
import { leadsApi } from "../../../staff-api/leads";
import { testDialects } from "../../testing/lead-api";
import { answered, auditOf, refusedWith } from "../../testing/checks";
import { ANY_VERSION, type StaffClient } from "../../testing/staff-client";
import { addContact, addDemo, at } from "../../testing/records";
import { signedInStaff, useStaffApi } from "../../testing/staff-api";
import { erasureApi } from "../../../staff-api/admin";

describe.each(testDialects)("correcting a lead's contact details, on $name", ({ url }) => {
  const api = useStaffApi(url);

  const errorOf = (status: number, res: Parameters<typeof refusedWith>[1]) => {
    refusedWith(status, res);
    return res.json<{ error: string }>().error;
  };

  async function versionOf(staff: StaffClient, id: string) {
    const res = await staff.call(leadsApi.get, { params: { id } });
    expect(res.statusCode, res.body).toBe(200);
    return String(res.headers.etag);
  }

  async function correct(staff: StaffClient, id: string, change: object, version?: string) {
    const ifMatch = version ?? (await versionOf(staff, id));
    return staff.call(leadsApi.update, {
      params: { id },
      body: change,
      headers: { "if-match": ifMatch },
    });
  }

  const search = async (staff: StaffClient, q: string) =>
    (await staff.read<{ items: { id: string }[] }>(leadsApi.list, { query: { q } })).items.map(
      (item) => item.id,
    );

  it("corrects a phone and an e-mail: search finds the new ones, not the old", async () => {
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const id = await addContact(api, at(0), { email: "ama@exmaple.com", phone: "024 111 2222" });
    const before = await versionOf(sales, id);
    const res = await correct(
      sales,
      id,
      { email: "  Ama@Example.COM ", phone: "+233 55 921 1848" },
      before,
    );
    const lead = answered(leadsApi.update, res, 200);
    // As the contact form writes them: trimmed, the domain lower-cased.
    expect(lead).toMatchObject({ email: "Ama@example.com", phone: "+233 55 921 1848" });
    expect(lead.firstName).toBe("Ama");
    expect(String(res.headers.etag)).not.toBe(before);

    expect(await search(sales, "0559211848")).toEqual([id]);
    expect(await search(sales, "ama@example.com")).toEqual([id]);
    expect(await search(sales, "0241112222")).toEqual([]);
    expect(await search(sales, "exmaple")).toEqual([]);
    const row = await api.db
      .selectFrom("contact_messages")
      .select("email_key")
      .executeTakeFirstOrThrow();
    expect(row.email_key).toBe("ama@example.com");

    // The timeline names the fields, never their values.
    expect(lead.timeline).toEqual([
      {
        kind: "corrected",
        at: api.clock.now.toISOString(),
        actor: "sales@example.com",
        fields: ["email", "phone"],
      },
    ]);
    expect(JSON.stringify(lead.timeline)).not.toContain("2222");
  });

  it("refuses what the public forms refuse, in their words, and fields of the other type", async () => {
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const contact = await addContact(api, at(0));
    const demo = await addDemo(api, at(1));

    const long = await correct(sales, contact, { phone: "0".repeat(41) });
    expect(errorOf(400, long)).toBe("phone: Phone number must be 40 characters or fewer");
    // A demo request's phone is required, as on its form; a contact message's may be emptied.
    const empty = await correct(sales, demo, { phone: " " });
    expect(errorOf(400, empty)).toBe("phone: Enter your phone number");
    const email = await correct(sales, demo, { email: "kofi@" });
    expect(errorOf(400, email)).toBe(
      "email: Enter an e-mail address in the right format, like name@example.com",
    );
    const name = await correct(sales, contact, { firstName: "\u202eAma" });
    expect(errorOf(400, name)).toMatch(/^firstName: Contains hidden or control/);

    const foreign = await correct(sales, contact, { company: "Susu Co", phone: "0550000001" });
    expect(errorOf(400, foreign)).toMatch(/^company: a contact message has no such field/);
    const other = await correct(sales, demo, { firstName: "Kofi" });
    expect(errorOf(400, other)).toMatch(/^firstName: a demo request has no such field/);

    // Nothing of a refused correction is kept.
    const lead = answered(
      leadsApi.get,
      await sales.call(leadsApi.get, { params: { id: contact } }),
      200,
    );
    expect(lead).toMatchObject({ phone: "+233 55 000 0000", timeline: [] });
    const cleared = await correct(sales, contact, { phone: "" });
    expect(answered(leadsApi.update, cleared, 200).phone).toBe("");
  });

  it("refuses a correction on a stale version with 412, and marketing with 403", async () => {
    const ama = await signedInStaff(api, "ama@example.com", "sales");
    const kofi = await signedInStaff(api, "kofi@example.com", "admin");
    const marketing = await signedInStaff(api, "yaw@example.com", "marketing");
    const id = await addDemo(api, at(0));
    const version = await versionOf(ama, id);
    await correct(kofi, id, { status: "contacted" }, version);

    const stale = await correct(ama, id, { name: "Kofi Boateng-Mensah" }, version);
    expect(answered(leadsApi.update, stale, 412).name).toBe("Kofi Boateng");
    expect(await auditOf(api, ama.account.id, "lead.corrected")).toEqual([]);

    const refused = await marketing.call(leadsApi.update, {
      params: { id },
      body: { name: "X" },
      headers: ANY_VERSION,
    });
    refusedWith(403, refused);
    const now = answered(leadsApi.get, await ama.call(leadsApi.get, { params: { id } }), 200);
    expect(now.name).toBe("Kofi Boateng");
  });

  it("shows admins what a correction replaced, until the person is erased", async () => {
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const id = await addDemo(api, at(0), { email: "esi@example.com", job_title: "CE0" });
    const res = await correct(sales, id, { jobTitle: "CEO", company: "Susu Co" });
    // The company was already so: only the job title changed.
    expect(answered(leadsApi.update, res, 200).timeline).toMatchObject([
      { kind: "corrected", fields: ["jobTitle"] },
    ]);
    const [entry] = await auditOf(api, sales.account.id, "lead.corrected");
    expect(entry).toMatchObject({ record_type: "lead", record_id: id });
    // The log keeps which fields, never the values: erasure could not reach them there.
    expect(JSON.parse(entry?.detail ?? "{}")).toEqual({
      fields: ["jobTitle"],
      event: expect.any(String),
    });

    const readLog = async () => {
      const page = answered(
        auditApi.list,
        await admin.call(auditApi.list, { query: { action: "lead.corrected" } }),
        200,
      );
      return page.items[0];
    };
    const logged = { fields: ["jobTitle"], event: expect.any(String) };
    expect(await readLog()).toMatchObject({
      detail: logged,
      correction: { jobTitle: { from: "CE0", to: "CEO" } },
    });

    const erased = await admin.call(erasureApi.forget, { body: { email: "esi@example.com" } });
    expect(erased.statusCode).toBe(200);
    const after = await readLog();
    expect(after?.detail).toEqual(logged);
    expect(after).not.toHaveProperty("correction");
  });

  it("shows a lead retention anonymised as such, and refuses to correct it with 409", async () => {
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const id = await addContact(api, at(0), { email: "esi@example.com", phone: "024 111 2222" });
    const before = await versionOf(sales, id);
    await api.db
      .updateTable("contact_messages")
      .set({ first_name: "", last_name: "", email: "", phone: "", anonymised_at: at(5) })
      .execute();
    const read = answered(leadsApi.get, await sales.call(leadsApi.get, { params: { id } }), 200);
    expect(read).toMatchObject({ anonymisedAt: at(5), email: "", firstName: "" });
    const error = errorOf(409, await correct(sales, id, { phone: "0559211848" }, before));
    expect(error).toMatch(/removed under the retention policy/);
    // A change of status is still taken: the lead stays in the counts.
    const closed = await correct(sales, id, { status: "lost" }, before);
    expect(closed.statusCode, closed.body).toBe(200);
  });
});
