import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { leadsApi } from "../../../staff-api/leads";
import { ANSWERED_STATUS } from "../../../leads/workflow";
import { testDialects } from "../../testing/lead-api";
import { addContact, addDemo, at } from "../../testing/records";
import { signedInStaff, signedInStaffNamed, useStaffApi } from "../../testing/staff-api";
import { auditOf } from "../../testing/checks";
import { INBOUND } from "../../newsletter/returns/inbound/inbound.testing";
import { suppress } from "../../newsletter/returns/suppressions";
import { changeLead } from "../inbox/inbox.testing";
import { readReplyAddress } from "./reply-address";
import { ANONYMISED_NO_REPLY, SUPPRESSED_NO_REPLY } from "./send-reply";
import { WITH_INBOUND, queuedReplies, reply } from "./replies.testing";

describe.each(testDialects)("replying to a lead from the console on $name", ({ url }) => {
  const api = useStaffApi(url, WITH_INBOUND);
  const signedIn = (email: string, role: "sales" | "admin" | "marketing" = "sales") =>
    signedInStaffNamed(api, email, role, "Ama Mensah");

  it("queues the e-mail in the rep's name with the lead's reply address, and answers the lead", async () => {
    const sales = await signedIn("ama@akwaabapay.test");
    const id = await addContact(api, at(0), { email: "kofi@example.com" });
    const before = await sales.call(leadsApi.get, { params: { id } });
    expect(before.json()).toMatchObject({ status: "new", firstResponseAt: null });

    const res = await reply(sales, id, "Dear Kofi,\n\nYes: <b>1%</b> a payment & no fee.");
    expect(res.json()).toEqual({ message: expect.any(String) });

    const [message, ...more] = await queuedReplies(api.db);
    expect(more).toEqual([]);
    expect(message).toMatchObject({
      to: "kofi@example.com",
      fromName: "Ama Mensah at Akwaaba Pay",
      subject: "Re: your message to Akwaaba Pay",
    });
    // The Reply-To names this lead, signed: the customer's answer comes back to it.
    expect(message?.replyTo).toMatch(new RegExp(`^reply\\+[a-z2-7]+@${INBOUND.domain}$`));
    expect(readReplyAddress(INBOUND, message?.replyTo ?? "")).toBe(id);
    // Plain text as typed: the HTML escapes it and keeps the line breaks.
    expect(message?.text).toContain("Dear Kofi,\n\nYes: <b>1%</b> a payment & no fee.");
    expect(message?.html).toContain("Yes: &lt;b&gt;1%&lt;/b&gt; a payment &amp; no fee.");
    expect(message?.html).not.toContain("<b>1%</b>");

    const after = await sales.call(leadsApi.get, { params: { id } });
    const lead = after.json();
    expect(lead.status).toBe(ANSWERED_STATUS);
    expect(lead.firstResponseAt).toBe(api.clock.now.toISOString());
    expect(Number(after.headers.etag?.replace(/\D/g, ""))).toBeGreaterThan(
      Number(before.headers.etag?.replace(/\D/g, "")),
    );
    // Both at the instant of the reply (in either order: events of one instant keep no order).
    expect(lead.timeline).toHaveLength(2);
    expect(lead.timeline).toEqual(
      expect.arrayContaining([
        {
          kind: "reply",
          at: lead.firstResponseAt,
          actor: "ama@akwaabapay.test",
          text: "Dear Kofi,\n\nYes: <b>1%</b> a payment & no fee.",
        },
        {
          kind: "status",
          at: lead.firstResponseAt,
          actor: "ama@akwaabapay.test",
          from: "new",
          to: ANSWERED_STATUS,
        },
      ]),
    );
    const audit = await auditOf(api, sales.account.id, "lead.replied");
    expect(audit.map((entry) => [entry.record_type, entry.record_id])).toEqual([["lead", id]]);
  });

  it("leaves a lead's status and first response as they are after the first answer", async () => {
    const admin = await signedIn("efua@akwaabapay.test", "admin");
    const id = await addDemo(api, at(0), { email: "yaw@example.com" });
    await changeLead(admin, id, { status: "qualified" });
    const first = (await admin.call(leadsApi.get, { params: { id } })).json().firstResponseAt;
    api.advance(60_000);
    await reply(admin, id, "Here is the date we spoke of.");
    const lead = (await admin.call(leadsApi.get, { params: { id } })).json();
    expect(lead).toMatchObject({ status: "qualified", firstResponseAt: first });
    expect(lead.timeline.map((entry: { kind: string }) => entry.kind)).toEqual(["status", "reply"]);
    expect((await queuedReplies(api.db))[0]?.subject).toBe("Re: your demo request to Akwaaba Pay");
  });

  it("refuses what cannot be sent: 400 for no text or too much, 404, 409 for an anonymised or suppressed person", async () => {
    const sales = await signedIn("ama@akwaabapay.test");
    const id = await addContact(api, at(0), { email: "esi@example.com" });
    const send = (lead: string, text: string) =>
      sales.call(leadsApi.reply, { params: { id: lead }, body: { text } });
    const empty = await send(id, "  \n ");
    expect([empty.statusCode, empty.json().error]).toEqual([400, "text: Write a reply"]);
    const long = await send(id, "a".repeat(5001));
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatch(/5000/);
    expect((await send(`contact_${randomUUID()}`, "Hello")).statusCode).toBe(404);

    await suppress(api.db, {
      email: "ESI@example.com",
      reason: "complaint",
      at: at(1),
      detail: "test",
      eventId: null,
    });
    const suppressed = await send(id, "Hello");
    expect([suppressed.statusCode, suppressed.json().error]).toEqual([409, SUPPRESSED_NO_REPLY]);
    await api.db.deleteFrom("mail_suppressions").execute();

    await api.db
      .updateTable("contact_messages")
      .set({ first_name: "", last_name: "", email: "", phone: "", anonymised_at: at(5) })
      .execute();
    const anonymised = await send(id, "Hello");
    expect([anonymised.statusCode, anonymised.json().error]).toEqual([409, ANONYMISED_NO_REPLY]);
    // Nothing of the refused replies is queued or in the timeline.
    expect(await queuedReplies(api.db)).toEqual([]);
    expect((await sales.call(leadsApi.get, { params: { id } })).json().timeline).toEqual([]);
  });

  it("is for the roles that work leads: marketing is refused", async () => {
    const marketing = await signedIn("abena@akwaabapay.test", "marketing");
    const id = await addContact(api, at(0));
    const res = await marketing.call(leadsApi.reply, { params: { id }, body: { text: "Hello" } });
    expect(res.statusCode).toBe(403);
    expect(await queuedReplies(api.db)).toEqual([]);
  });
});

describe("a reply without an inbound domain", () => {
  const api = useStaffApi(undefined);

  it("goes out without a Reply-To: answers reach the company's own address", async () => {
    const sales = await signedInStaff(api, "ama@akwaabapay.test", "sales");
    const id = await addContact(api, at(0), { email: "kofi@example.com" });
    await reply(sales, id, "Hello Kofi");
    const [message] = await queuedReplies(api.db);
    expect(message).not.toHaveProperty("replyTo");
    // Added without a name, the account is named after its address.
    expect(message?.fromName).toBe("ama at Akwaaba Pay");
  });
});
