import { describe, expect, it } from "vitest";
import { MAIL_TEMPLATES, mailTemplatesApi } from "../../../staff-api/mail";
import { sqliteOnly } from "../../testing/lead-api";
import { answered, refusedWith } from "../../testing/checks";
import { signedInStaff, useStaffApi } from "../../testing/staff-api";

// The admins' preview of every kind of e-mail: rendered with invented data, never sent.

describe.each(sqliteOnly)("the e-mail preview on $name", ({ url }) => {
  const api = useStaffApi(url);

  /** What a preview must leave as it found: the outbox, and the audit log (samples are no one's). */
  const stored = async () => ({
    outbox: (await api.db.selectFrom("outbox").select("id").execute()).length,
    audit: (await api.db.selectFrom("audit_log").select("id").execute()).length,
  });

  it("lists every kind of e-mail the system sends, and renders each, sending nothing", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const before = await stored();
    const list = answered(mailTemplatesApi.list, await admin.call(mailTemplatesApi.list), 200);
    expect(list.items).toEqual(MAIL_TEMPLATES.map(({ kind, name }) => ({ kind, name })));
    for (const { kind } of list.items) {
      const res = await admin.call(mailTemplatesApi.get, { params: { kind } });
      const preview = answered(mailTemplatesApi.get, res, 200);
      expect(preview.kind).toBe(kind);
      expect(preview.subject).not.toBe("");
      expect(preview.html).toContain("<html");
      expect(preview.text).not.toBe("");
    }
    expect(await stored()).toEqual(before);
    expect(api.transport.sent).toEqual([]);
  });

  it("answers 404 for a kind of e-mail there is not", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    for (const kind of ["nothing", "slack", "webhook", "CONTACT"]) {
      refusedWith(404, await admin.call(mailTemplatesApi.get, { params: { kind } }));
    }
  });

  it("is for admins only", async () => {
    const marketing = await signedInStaff(api, "mkt@example.com", "marketing");
    refusedWith(403, await marketing.call(mailTemplatesApi.list));
    refusedWith(403, await marketing.call(mailTemplatesApi.get, { params: { kind: "campaign" } }));
  });
});
