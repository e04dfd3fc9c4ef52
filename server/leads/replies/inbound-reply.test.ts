import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadsApi } from "../../../staff-api/leads";
import { MAX_INBOUND_TEXT } from "../../../staff-api/lead-timeline";
import { testDialects } from "../../testing/lead-api";
import { addContact, at } from "../../testing/records";
import { signedInStaff, useStaffApi } from "../../testing/staff-api";
import type { InboundListener } from "../../newsletter/returns/inbound/listener";
import {
  INBOUND,
  listenForReturns,
  returnToListener,
  smtpRefusal as refusal,
} from "../../newsletter/returns/inbound/inbound.testing";
import { replyAddress } from "./reply-address";
import { WITH_INBOUND, queuedReplies, reply } from "./replies.testing";

/** The customer's answer as their mail program writes it, the reply quoted below. */
function answer(to: string, body: string) {
  return [
    "From: Kofi Boateng <kofi@example.com>",
    `To: ${to}`,
    "Subject: Re: your message to Akwaaba Pay",
    "Message-ID: <answer-1@example.com>",
    "Content-Type: text/plain; charset=utf-8",
    "",
    body,
    "",
    "On Mon, 7 Dec 2026 at 10:02, Ama at Akwaaba Pay <no-reply@site.test> wrote:",
    "> Dear Kofi,",
    "> Can we meet next week?",
    "",
  ].join("\r\n");
}

describe.each(testDialects)("the customer's answer to a reply on $name", ({ url }) => {
  const api = useStaffApi(url, WITH_INBOUND);
  let listener: InboundListener;
  beforeAll(async () => {
    listener = await listenForReturns(api.db, { now: () => api.clock.now });
  });
  afterAll(() => listener.close());

  const timelineOf = async (id: string) => {
    const sales = await signedInStaff(api, "reader@akwaabapay.test", "sales");
    return (await sales.call(leadsApi.get, { params: { id } })).json().timeline as {
      kind: string;
    }[];
  };

  it("lands in the timeline of the lead its Reply-To names, without the quoted history", async () => {
    const sales = await signedInStaff(api, "ama@akwaabapay.test", "sales");
    const id = await addContact(api, at(0), { email: "kofi@example.com" });
    const other = await addContact(api, at(1), { email: "esi@example.com" });
    await reply(sales, id, "Dear Kofi,\nCan we meet next week?");
    const replyTo = (await queuedReplies(api.db))[0]?.replyTo ?? "";
    api.advance(60_000);

    const sent = await returnToListener(
      listener.port,
      replyTo,
      answer(replyTo, "Tuesday suits us."),
    );
    expect(sent.response).toMatch(/^250/);
    const timeline = await timelineOf(id);
    expect(timeline.at(-1)).toEqual({
      kind: "inbound",
      at: api.clock.now.toISOString(),
      from: "kofi@example.com",
      subject: "Re: your message to Akwaaba Pay",
      text: "Tuesday suits us.",
    });
    // The other lead heard nothing.
    expect(await timelineOf(other)).toEqual([]);
  });

  it("keeps at most MAX_INBOUND_TEXT characters of an answer", async () => {
    const id = await addContact(api, at(0));
    const to = replyAddress(INBOUND, "contact", id.slice("contact_".length));
    await returnToListener(listener.port, to, answer(to, "word ".repeat(3000)));
    const [entry] = (await timelineOf(id)) as { text?: string }[];
    expect(entry?.text).toHaveLength(MAX_INBOUND_TEXT);
    expect(entry?.text?.endsWith("…")).toBe(true);
  });

  it("refuses a forged or unknown reply address with 550 and writes nothing", async () => {
    const id = await addContact(api, at(0));
    const rowId = id.slice("contact_".length);
    const forged = replyAddress(
      { ...INBOUND, secret: "another secret of at least thirty-two characters" },
      "contact",
      rowId,
    );
    // The lead's real tag with its type changed: the MAC covers it.
    const real = replyAddress(INBOUND, "contact", rowId);
    const retyped = real.replace(/^reply\+rc/, "reply+rd");
    for (const to of [forged, retyped, `reply+${rowId}@${INBOUND.domain}`]) {
      const refused = await refusal(returnToListener(listener.port, to, answer(to, "Hello")));
      expect([refused.code, refused.text?.includes("No such reply address here")], to).toEqual([
        550,
        true,
      ]);
    }
    expect(await timelineOf(id)).toEqual([]);
  });

  it("drops an answer about a lead whose person was erased, and still accepts it", async () => {
    const id = await addContact(api, at(0));
    const to = replyAddress(INBOUND, "contact", id.slice("contact_".length));
    await api.db.deleteFrom("contact_messages").execute();
    const sent = await returnToListener(listener.port, to, answer(to, "Still there?"));
    expect(sent.response).toMatch(/^250/);
    expect(await api.db.selectFrom("lead_events").selectAll().execute()).toEqual([]);
  });
});
