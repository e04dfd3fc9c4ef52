import { describe, expect, it } from "vitest";
import { apiPaths } from "../../../common/paths";
import { testApp, testDatabase, testDialects } from "../../testing/lead-api";
import { addContact, at } from "../../testing/records";
import { useStaffApi } from "../../testing/staff-api";
import { INBOUND } from "../../newsletter/returns/inbound/inbound.testing";
import { replyAddress } from "./reply-address";
import {
  answeredContact,
  expectAnswerLanded,
  forgedReplyAddresses,
  timelineOf,
} from "./replies.testing";

// Postmark's inbound webhook: a customer's answer to a reply, parsed by Postmark and posted as
// JSON, lands in the timeline of the lead its reply+ recipient names, as through the listener.

const POSTMARK = { user: "postmark", password: "a long webhook password" };
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
const WITH_POSTMARK = { config: { deliverability: { inbound: INBOUND, postmark: POSTMARK } } };

/** What Postmark posts for an answer to `to`: the new words above the quoted reply. */
function inboundMessage(to: string, words: string, fields: object = {}) {
  return {
    From: "kofi@example.com",
    FromName: "Kofi Boateng",
    FromFull: { Email: "kofi@example.com", Name: "Kofi Boateng", MailboxHash: "" },
    To: `"Akwaaba Pay" <${to}>`,
    ToFull: [{ Email: to, Name: "Akwaaba Pay", MailboxHash: "" }],
    OriginalRecipient: to,
    Subject: "Re: your message to Akwaaba Pay",
    MessageID: "73e6d360-66eb-11e1-8e72-a8904824019b",
    TextBody: `${words}\r\n\r\nOn Mon, 7 Dec 2026 at 10:02, Ama wrote:\r\n> Can we meet next week?\r\n`,
    HtmlBody: `<p>${words}</p><blockquote>Can we meet next week?</blockquote>`,
    StrippedTextReply: words,
    Headers: [{ Name: "X-Spam-Status", Value: "No" }],
    Attachments: [],
    ...fields,
  };
}

describe.each(testDialects)("answers through Postmark's inbound webhook on $name", ({ url }) => {
  const api = useStaffApi(url, WITH_POSTMARK);

  const post = (payload: object, authorization = basic(POSTMARK.user, POSTMARK.password)) =>
    api.app.inject({
      method: "POST",
      url: apiPaths.mailInboundPostmark,
      headers: { authorization },
      payload,
    });
  const inboundEvents = () =>
    api.db.selectFrom("lead_events").select("text").where("kind", "=", "inbound").execute();
  const addressOf = (id: string) => replyAddress(INBOUND, "contact", id.slice("contact_".length));

  it("land in the timeline of the lead the reply's Reply-To names, without the quoted history", async () => {
    const contacts = await answeredContact(api);

    const answer = await post(inboundMessage(contacts.replyTo, "Tuesday suits us."));
    expect([answer.statusCode, answer.json()]).toEqual([200, { recorded: 1 }]);
    await expectAnswerLanded(api, contacts, "Tuesday suits us.");
  });

  it("read an answer in HTML alone as its text, and find the lead by the address it was delivered to", async () => {
    const id = await addContact(api, at(0));
    const answer = await post(
      inboundMessage("sales@akwaabapay.test", "", {
        OriginalRecipient: addressOf(id),
        TextBody: "",
        StrippedTextReply: "",
        HtmlBody: "<p>Tuesday &amp; Wednesday both suit us.</p>",
      }),
    );
    expect(answer.json()).toEqual({ recorded: 1 });
    expect((await timelineOf(api, id)).map((entry) => entry.text)).toEqual([
      "Tuesday & Wednesday both suit us.",
    ]);
  });

  it("write nothing for a forged or unknown reply address, and answer 200 so Postmark stops", async () => {
    const id = await addContact(api, at(0));
    for (const to of [...forgedReplyAddresses(id), "kofi@elsewhere.test"]) {
      const answer = await post(inboundMessage(to, "Hello"));
      expect([answer.statusCode, answer.json()], to).toEqual([200, { recorded: 0 }]);
    }
    expect(await inboundEvents()).toEqual([]);
  });

  it("refuse wrong or missing credentials with 401 and write nothing", async () => {
    const id = await addContact(api, at(0));
    for (const authorization of ["", basic(POSTMARK.user, "wrong"), "Bearer x"]) {
      const answer = await post(inboundMessage(addressOf(id), "Hello"), authorization);
      expect(answer.statusCode).toBe(401);
      expect(answer.headers["www-authenticate"]).toMatch(/^Basic realm=/);
    }
    expect(await inboundEvents()).toEqual([]);
  });

  it("answer 400, never 500, to a body that is no inbound message", async () => {
    const id = await addContact(api, at(0));
    const message = inboundMessage(addressOf(id), "Hello");
    for (const payload of [
      {},
      { ...message, ToFull: addressOf(id) },
      { ...message, ToFull: [{ Name: "no address" }] },
      { ...message, From: 42 },
      { ...message, TextBody: ["words"] },
    ]) {
      expect((await post(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    const auth = { authorization: basic(POSTMARK.user, POSTMARK.password) };
    for (const raw of ["{nope", "[]", "null", '"text"']) {
      const answer = await api.app.inject({
        method: "POST",
        url: apiPaths.mailInboundPostmark,
        headers: { ...auth, "content-type": "application/json" },
        payload: raw,
      });
      expect(answer.statusCode, raw).toBe(400);
    }
    const huge = await post({ ...message, HtmlBody: "x".repeat(1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(await inboundEvents()).toEqual([]);
  });
});

describe("Postmark's inbound webhook", () => {
  it("answers 404 without Postmark's credentials or the inbound domain, as if it did not exist", async () => {
    const db = await testDatabase();
    try {
      for (const deliverability of [{ inbound: INBOUND }, { postmark: POSTMARK }]) {
        const app = await testApp(db, { config: { deliverability } });
        const answer = await app.inject({
          method: "POST",
          url: apiPaths.mailInboundPostmark,
          headers: { authorization: basic(POSTMARK.user, POSTMARK.password) },
          payload: {},
        });
        await app.close();
        expect(answer.statusCode, Object.keys(deliverability)[0]).toBe(404);
      }
    } finally {
      await db.destroy();
    }
  });

  it("answers 503 when the database is down, so that Postmark tries again", async () => {
    const db = await testDatabase();
    const app = await testApp(db, WITH_POSTMARK);
    await db.destroy();
    try {
      const answer = await app.inject({
        method: "POST",
        url: apiPaths.mailInboundPostmark,
        headers: { authorization: basic(POSTMARK.user, POSTMARK.password) },
        payload: inboundMessage(
          replyAddress(INBOUND, "contact", "0190f1d2-3c4b-7a5e-8f60-123456789abc"),
          "Hello",
        ),
      });
      expect([answer.statusCode, answer.json().error]).toEqual([
        503,
        "Cannot store the answer now; try again later",
      ]);
    } finally {
      await app.close();
    }
  });
});
