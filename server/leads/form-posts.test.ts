import { describe, expect, it } from "vitest";
import { postForm, sampleContact, sampleDemo, describeLeadRoutes } from "../testing/lead-api";
import { apiPaths } from "../../common/paths";

describeLeadRoutes("lead API", (api) => {
  const { post } = api;

  describe("a form the browser posts itself (before the page's JavaScript runs)", () => {
    const submit = (path: string, fields: Record<string, string> | string) =>
      postForm(api.app, path, fields);

    it("stores a contact message and sends the visitor to a page that says it was sent", async () => {
      const { agreeToPolicy: _checked, ...fields } = sampleContact;
      const res = await submit(apiPaths.contact, { ...fields, agreeToPolicy: "on", website: "" });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe("/form/message-sent");
      const rows = await api.db.selectFrom("contact_messages").selectAll().execute();
      expect(rows).toMatchObject([{ first_name: "Ama", email: "ama@example.com" }]);
      expect(await api.db.selectFrom("outbox").selectAll().execute()).toHaveLength(1);
    });

    it("stores a demo request with its product from the hidden field", async () => {
      const res = await submit(apiPaths.demo, { product: "vas", ...sampleDemo.formData });
      expect(res.headers.location).toBe("/form/demo-requested");
      const rows = await api.db.selectFrom("demo_requests").selectAll().execute();
      expect(rows).toMatchObject([{ name: "Kofi Boateng", page: "/request-vas-demo" }]);
    });

    it("subscribes an address and asks the visitor to check their inbox", async () => {
      const res = await submit(apiPaths.subscribe, { email: "yaa@example.com" });
      expect(res.headers.location).toBe("/form/check-your-inbox");
      const rows = await api.db.selectFrom("newsletter_subscriptions").selectAll().execute();
      expect(rows).toMatchObject([{ email: "yaa@example.com" }]);
    });

    it("stores nothing and, with no page renderer, says so on the generic page when a field is missing, the policy unchecked or the product unknown", async () => {
      const { agreeToPolicy: _checked, ...unchecked } = sampleContact;
      for (const [path, fields] of [
        [apiPaths.contact, unchecked],
        [apiPaths.demo, { product: "vas", ...sampleDemo.formData, name: "" }],
        [apiPaths.demo, { product: "other", ...sampleDemo.formData }],
        [apiPaths.subscribe, { email: "not-an-address" }],
      ] as const) {
        const res = await submit(path, fields);
        expect(res.statusCode, path).toBe(303);
        expect(res.headers.location, path).toBe("/form/not-sent");
      }
      expect(await api.db.selectFrom("contact_messages").selectAll().execute()).toHaveLength(0);
      expect(await api.db.selectFrom("demo_requests").selectAll().execute()).toHaveLength(0);
      expect(
        await api.db.selectFrom("newsletter_subscriptions").selectAll().execute(),
      ).toHaveLength(0);
    });

    it("treats a filled honeypot like a sent form and stores nothing", async () => {
      const res = await submit(apiPaths.subscribe, { email: "bot@example.com", website: "x" });
      expect(res.headers.location).toBe("/form/check-your-inbox");
      expect(
        await api.db.selectFrom("newsletter_subscriptions").selectAll().execute(),
      ).toHaveLength(0);
    });

    it("does not let a field named __proto__ reach the schema", async () => {
      const res = await submit(apiPaths.subscribe, "__proto__=x&email=esi%40example.com");
      expect(res.headers.location).toBe("/form/check-your-inbox");
      expect(({} as Record<string, unknown>).x).toBeUndefined();
    });

    it("stores the same lead, with the same e-mail, as the JSON the page's script posts", async () => {
      const { agreeToPolicy: _checked, ...contactFields } = sampleContact;
      const cases = [
        {
          path: apiPaths.contact,
          table: "contact_messages",
          json: sampleContact,
          form: { ...contactFields, agreeToPolicy: "on", website: "" },
        },
        {
          path: apiPaths.demo,
          table: "demo_requests",
          json: sampleDemo,
          form: { product: sampleDemo.product, ...sampleDemo.formData },
        },
        {
          path: apiPaths.subscribe,
          table: "newsletter_subscriptions",
          json: { email: "Esi@Example.com" },
          form: { email: "Esi@Example.com" },
        },
      ] as const;
      const headers = { referer: "https://site.test/help-center" };
      // What was stored, without what differs between any two posts (ids, times, tokens); then
      // emptied for the next post.
      const takeStored = async (table: (typeof cases)[number]["table"]) => {
        const rows = await api.db.selectFrom(table).selectAll().execute();
        const mail = await api.db.selectFrom("outbox").selectAll().execute();
        await api.db.deleteFrom("outbox").execute();
        await api.db.deleteFrom(table).execute();
        return {
          rows: rows.map((row) => withoutKeys(row, VARYING_COLUMNS)),
          mail: mail.map(({ kind, payload }) => {
            const { to, replyTo, subject } = JSON.parse(payload) as Record<string, unknown>;
            return { kind, to, replyTo, subject };
          }),
        };
      };
      for (const { path, table, json, form } of cases) {
        expect((await post(path, json, headers)).statusCode, path).toBeLessThan(300);
        const fromJson = await takeStored(table);
        expect(fromJson.rows, path).toHaveLength(1);
        expect(fromJson.mail, path).toHaveLength(1);
        expect((await postForm(api.app, path, form, { headers })).statusCode, path).toBe(303);
        expect(await takeStored(table), path).toEqual(fromJson);
      }
    });
  });
});

/** Columns that differ between two posts of the same lead. */
const VARYING_COLUMNS = [
  "id",
  "created_at",
  "updated_at",
  "consent_at",
  "policy_agreed_at",
  "confirm_token",
  "unsubscribe_token",
];

function withoutKeys(row: object, keys: readonly string[]) {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !keys.includes(key)));
}
