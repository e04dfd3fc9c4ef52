/**
 * What an attacker tried against the lead endpoints, on SQLite and PostgreSQL: one inbox reached
 * under many spellings of its address, words of the sender's in our e-mails, control characters,
 * a reused idempotency key, erasure that misses differently capitalised rows.
 */
import { expect, it } from "vitest";
import { CONFIRMATIONS_PER_MAILBOX_PER_DAY } from "../newsletter/subscribers/confirmation-cap";
import { forgetPerson } from "../people/forget-person";
import {
  forgottenLeadOfEachKind,
  postForm,
  sampleContact as contact,
  sampleDemo as demo,
  describeLeadApi,
} from "../testing/lead-api";
import { apiPaths } from "../../common/paths";

/**
 * Addresses an attacker sends to reach the victim's inbox under another spelling, or to carry
 * their words (a display name, a comment) into the confirmation we would send it.
 */
const NOT_ONE_MAILBOX = [
  "x<victim@example.com>",
  '"Your-account-is-locked.-Reset-at-https://evil.example/reset"<victim@example.com>',
  "victim@example.com(1)",
  "grp:victim@example.com;",
  "victim@example.com,junk",
  "victim@example.com.",
  "victim@example.com\u0000",
  "victim\u200b@example.com",
];

describeLeadApi("abuse of the lead endpoints", (api) => {
  const { post } = api;
  const count = async (table: "outbox" | "contact_messages" | "newsletter_subscriptions") =>
    (await api.db.selectFrom(table).selectAll().execute()).length;

  it("refuses every spelling of an address that is not one plain mailbox", async () => {
    for (const email of NOT_ONE_MAILBOX) {
      const res = await post(apiPaths.subscribe, { email });
      expect(res.statusCode, email).toBe(400);
      expect(res.json().fields.email, email).toBe(
        "Enter an e-mail address in the right format, like name@example.com",
      );
    }
    expect(await count("newsletter_subscriptions")).toBe(0);
    expect(await count("outbox")).toBe(0);
  });

  it(`sends one mailbox at most ${CONFIRMATIONS_PER_MAILBOX_PER_DAY} confirmations a day, however it is spelled`, async () => {
    const spellings = [
      "victim@example.com",
      "VICTIM@Example.com",
      "victim+1@example.com",
      "victim+2@EXAMPLE.COM",
      "Victim+news@example.com",
      "victim+3@example.com",
      "victim+4@example.com",
    ];
    const answers = await Promise.all(
      spellings.map((email) => post(apiPaths.subscribe, { email })),
    );
    // Every visitor gets the same answer: nothing tells a prober that the limit was reached.
    expect(answers.map((res) => res.statusCode)).toEqual(spellings.map(() => 202));
    await api.outbox.runOnce();
    expect(api.transport.sent).toHaveLength(CONFIRMATIONS_PER_MAILBOX_PER_DAY);
    // Another person is not affected.
    await post(apiPaths.subscribe, { email: "someone.else@example.com" });
    await api.outbox.runOnce();
    expect(api.transport.sent).toHaveLength(CONFIRMATIONS_PER_MAILBOX_PER_DAY + 1);
  });

  it("puts nothing a visitor typed in the confirmation e-mail but the validated address", async () => {
    await post(
      apiPaths.subscribe,
      { email: "esi@example.com", website: "" },
      { referer: "https://site.test/Your-account-is-locked" },
    );
    await api.outbox.runOnce();
    const [message] = api.transport.sent;
    expect(message?.to).toBe("esi@example.com");
    expect(JSON.stringify(message)).not.toContain("locked");
  });

  it("refuses NUL and other control characters in any field with a clear 400, never a 5xx", async () => {
    const cases: [string, object, string][] = [
      [apiPaths.contact, { ...contact, firstName: "Ama\u0000" }, "firstName"],
      [apiPaths.contact, { ...contact, message: "Hi\u0000there" }, "message"],
      [apiPaths.contact, { ...contact, phone: "\u001b[31m055" }, "phone"],
      [apiPaths.contact, { ...contact, lastName: "Mensah\u0085" }, "lastName"],
      [apiPaths.demo, { ...demo, formData: { ...demo.formData, name: "K\u0001ofi" } }, "name"],
      [apiPaths.demo, { ...demo, formData: { ...demo.formData, company: "Co\u0000" } }, "company"],
      [apiPaths.demo, { ...demo, formData: { ...demo.formData, industry: "\u007f" } }, "industry"],
    ];
    for (const [path, body, field] of cases) {
      const res = await post(path, body);
      expect(res.statusCode, `${path} ${field}`).toBe(400);
      expect(res.json().fields[field], field).toMatch(/control characters/);
    }
    // A form posted without JavaScript is refused the same way.
    const form = await postForm(
      api.app,
      apiPaths.contact,
      "firstName=Ama%00&lastName=M&email=a%40b.gh&message=Hi&agreeToPolicy=on",
    );
    expect(form.headers.location).toBe("/form/not-sent");
    // A name of only a zero-width space is no name.
    const invisible = await post(apiPaths.contact, { ...contact, firstName: "\u200b" });
    expect(invisible.json().fields.firstName).toBe("Enter your first name");
    expect(await count("contact_messages")).toBe(0);
    expect(await count("outbox")).toBe(0);
  });

  it("repeats a submission for its Idempotency-Key, and refuses another one under the same key", async () => {
    const key = { "idempotency-key": "attacker-known-key-1" };
    expect((await post(apiPaths.contact, contact, key)).statusCode).toBe(201);
    expect((await post(apiPaths.contact, contact, key)).statusCode).toBe(201);
    const other = await post(
      apiPaths.contact,
      { ...contact, firstName: "Kofi", email: "kofi@example.com", message: "Another lead" },
      key,
    );
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toMatch(/already used for a different submission/);
    expect(await count("contact_messages")).toBe(1);
  });

  it("forgets every row of a person however the address was capitalised, non-ASCII too", async () => {
    await post(apiPaths.contact, { ...contact, email: "ÄMA@Example.com" });
    await post(apiPaths.demo, {
      ...demo,
      formData: { ...demo.formData, email: "äma@EXAMPLE.com" },
    });
    await post(apiPaths.subscribe, { email: "A\u0308ma@example.com" }); // Ä as A + diaeresis
    await post(apiPaths.contact, { ...contact, email: "kofi@example.com" });
    const removed = await forgetPerson(api.db, "äma@example.com");
    expect(removed).toEqual(forgottenLeadOfEachKind);
    const left = await api.db.selectFrom("contact_messages").select("email").execute();
    expect(left).toEqual([{ email: "kofi@example.com" }]);
    const mail = await api.db.selectFrom("outbox").select("payload").execute();
    expect(mail).toHaveLength(1);
    expect(mail.some((row) => /äma|ÄMA/i.test(row.payload))).toBe(false);
  });
});
