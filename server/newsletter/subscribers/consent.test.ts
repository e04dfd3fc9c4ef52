import { describe, expect, it } from "vitest";
import { apiPaths, newsletterLinkPaths } from "../../../common/paths";
import { currentWording } from "../../../leads/consent";
import { peopleApi } from "../../../staff-api/people";
import { type SubscriberConsent, subscribersApi } from "../../../staff-api/subscribers";
import { recordReturnedMail } from "../returns/returns";
import {
  postForm,
  postJson,
  sampleContact,
  sampleDemo,
  testDialects,
} from "../../testing/lead-api";
import { auditOf, refusedWith } from "../../testing/checks";
import { storedSubscription } from "../../testing/records";
import { STAFF_SITE, type StaffApi, signedInStaff, useStaffApi } from "../../testing/staff-api";

// Consent on record (docs/personal-data.md): every sign-up, contact message and demo request
// names the exact wording its form showed, stored once per version; a subscription says how it
// ended; marketing reads a subscriber's record, and the access export carries it.

const NEWSLETTER = currentWording("newsletter");

/** Signs `email` up as the site's form does, from the page `page`, with the version it showed. */
function signUp(api: StaffApi, email: string, consentVersion?: string, page = "/help-center") {
  return postJson(
    api.app,
    apiPaths.subscribe,
    { email, ...(consentVersion === undefined ? {} : { consentVersion }) },
    { headers: { referer: `https://site.test${page}` } },
  );
}

const subscription = storedSubscription;

const wordings = (api: StaffApi) =>
  api.db.selectFrom("consent_wordings").select(["id", "form", "version", "text"]).execute();

describe.each(testDialects)("consent on record on $name", ({ url }) => {
  const api = useStaffApi(url);
  const emptyWordings = () => api.db.deleteFrom("consent_wordings").execute();

  it("stores each form's wording once per version, and every record names it", async () => {
    await emptyWordings();
    // The current version, none (a page cached before versions were posted), an unknown one.
    for (const [email, version] of [
      ["ama@example.com", NEWSLETTER.version],
      ["kofi@example.com", NEWSLETTER.version],
      ["esi@example.com", undefined],
      ["yaw@example.com", "1999-01-01"],
    ] as const) {
      expect((await signUp(api, email, version)).statusCode).toBe(202);
    }
    const contact = await postJson(api.app, apiPaths.contact, {
      ...sampleContact,
      consentVersion: currentWording("contact").version,
    });
    expect(contact.statusCode).toBe(201);
    // Without JavaScript the demo form posts itself, its version a hidden field.
    const { formData, product } = sampleDemo;
    const demo = await postForm(api.app, apiPaths.demo, {
      product,
      ...formData,
      consentVersion: currentWording("demo").version,
    });
    expect(demo.statusCode).toBe(303);

    const stored = await wordings(api);
    const byForm = stored.toSorted((a, b) => a.form.localeCompare(b.form));
    expect(byForm.map(({ id: _id, ...wording }) => wording)).toEqual(
      (["contact", "demo", "newsletter"] as const).map((form) => ({
        form,
        ...currentWording(form),
      })),
    );
    const idOf = (form: string) => stored.find((wording) => wording.form === form)?.id;
    for (const email of [
      "ama@example.com",
      "kofi@example.com",
      "esi@example.com",
      "yaw@example.com",
    ]) {
      expect((await subscription(api, email)).consent_wording_id, email).toBe(idOf("newsletter"));
    }
    const lead = (table: "contact_messages" | "demo_requests") =>
      api.db.selectFrom(table).select("consent_wording_id").executeTakeFirstOrThrow();
    expect((await lead("contact_messages")).consent_wording_id).toBe(idOf("contact"));
    expect((await lead("demo_requests")).consent_wording_id).toBe(idOf("demo"));
  });

  it("stores a new version once when several sign-ups record it at the same moment", async () => {
    await emptyWordings();
    const answers = await Promise.all(
      ["a", "b", "c", "d", "e"].map((name) =>
        signUp(api, `${name}@example.com`, NEWSLETTER.version),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([202, 202, 202, 202, 202]);
    expect(await wordings(api)).toHaveLength(1);
  });

  it("records how each subscriber left, and a new sign-up clears it", async () => {
    for (const name of ["link", "complaint", "staff"]) {
      await signUp(api, `${name}@example.com`, NEWSLETTER.version);
    }
    const link = await subscription(api, "link@example.com");
    const oneClick = await api.app.inject({
      method: "POST",
      url: `${apiPaths.oneClickUnsubscribe}?token=${link.unsubscribe_token}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.statusCode).toBe(200);
    await recordReturnedMail(api.db, {
      source: "smtp",
      sourceRef: `fbl-${crypto.randomUUID()}`,
      type: "complaint",
      email: "complaint@example.com",
      status: null,
      detail: "abuse",
      at: new Date(),
    });
    const marketing = await signedInStaff(api, "mkt@example.com", "marketing");
    const staffLeft = await subscription(api, "staff@example.com");
    expect(
      (await marketing.call(subscribersApi.unsubscribe, { params: { id: staffLeft.id } }))
        .statusCode,
    ).toBe(200);

    for (const [name, how] of [
      ["link", "unsubscribe-link"],
      ["complaint", "complaint"],
      ["staff", "staff"],
    ]) {
      const row = await subscription(api, `${name}@example.com`);
      expect([row.status, row.left_how], name).toEqual(["unsubscribed", how]);
    }
    await signUp(api, "link@example.com", NEWSLETTER.version);
    const back = await subscription(api, "link@example.com");
    expect([back.status, back.left_how, back.unsubscribed_at]).toEqual(["pending", null, null]);
  });

  it("shows marketing a subscriber's consent record, each read audited", async () => {
    await signUp(api, "ama@example.com", NEWSLETTER.version, "/about-us");
    const row = await subscription(api, "ama@example.com");
    const confirmed = await api.app.inject({
      method: "POST",
      url: `${newsletterLinkPaths.confirm}?token=${row.confirm_token}`,
      headers: { origin: STAFF_SITE },
    });
    expect(confirmed.statusCode).toBe(303);
    const marketing = await signedInStaff(api, "mkt@example.com", "marketing");
    await marketing.call(subscribersApi.unsubscribe, { params: { id: row.id } });
    const after = await subscription(api, "ama@example.com");

    const res = await marketing.call(subscribersApi.consent, { params: { id: row.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      email: "ama@example.com",
      wording: NEWSLETTER,
      form: "newsletter",
      page: "/about-us",
      signedUpAt: after.consent_at,
      confirmedAt: after.confirmed_at,
      leftAt: after.unsubscribed_at,
      leftHow: "staff",
    } satisfies SubscriberConsent);
    expect(after.confirmed_at).not.toBeNull();
    const [entry, ...more] = await auditOf(api, marketing.account.id, "subscriber.consent-viewed");
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ record_type: "subscriber", record_id: row.id });

    const missing = "00000000-0000-4000-8000-000000000000";
    refusedWith(404, await marketing.call(subscribersApi.consent, { params: { id: missing } }));
  });

  it("gives the person the wordings they agreed to in their access export", async () => {
    await signUp(api, "ama@example.com", NEWSLETTER.version);
    await postJson(api.app, apiPaths.contact, {
      ...sampleContact,
      consentVersion: currentWording("contact").version,
    });
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    await admin.call(subscribersApi.unsubscribe, {
      params: { id: (await subscription(api, "ama@example.com")).id },
    });
    const res = await admin.call(peopleApi.export, { query: { email: "ama@example.com" } });
    expect(res.statusCode).toBe(200);
    const found = res.json();
    expect(found.subscriptions[0].consent).toMatchObject({
      text: NEWSLETTER.text,
      version: NEWSLETTER.version,
      leftHow: "staff",
    });
    const contact = await api.db
      .selectFrom("contact_messages")
      .select("policy_agreed_at")
      .executeTakeFirstOrThrow();
    expect(found.leads[0].consent).toEqual({
      ...currentWording("contact"),
      agreedAt: contact.policy_agreed_at,
    });
    const page = await admin.call(peopleApi.export, {
      query: { email: "ama@example.com", format: "html" },
    });
    expect(page.body).toContain(NEWSLETTER.text);
    expect(page.body).toContain("Our staff unsubscribed you, as you asked");
  });
});
