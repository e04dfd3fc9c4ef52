import { describe, expect, it } from "vitest";
import { MAX_INBOUND_TEXT } from "../../../staff-api/lead-timeline";
import { testDialects } from "../../testing/lead-api";
import { addContact, at } from "../../testing/records";
import { useStaffApi } from "../../testing/staff-api";
import {
  INBOUND,
  returnToListener,
  smtpRefusal as refusal,
} from "../../newsletter/returns/inbound/inbound.testing";
import { replyAddress } from "./reply-address";
import {
  WITH_INBOUND,
  answerMail,
  answeredContact,
  expectAnswerLanded,
  forgedReplyAddresses,
  timelineOf,
  useInboundListener,
} from "./replies.testing";

describe.each(testDialects)("the customer's answer to a reply on $name", ({ url }) => {
  const api = useStaffApi(url, WITH_INBOUND);
  const listener = useInboundListener(api);

  it("lands in the timeline of the lead its Reply-To names, without the quoted history", async () => {
    const contacts = await answeredContact(api);
    const { replyTo } = contacts;
    api.advance(60_000);

    const sent = await returnToListener(
      listener().port,
      replyTo,
      answerMail(replyTo, "Tuesday suits us."),
    );
    expect(sent.response).toMatch(/^250/);
    await expectAnswerLanded(api, contacts, "Tuesday suits us.", api.clock.now.toISOString());
  });

  it("keeps at most MAX_INBOUND_TEXT characters of an answer", async () => {
    const id = await addContact(api, at(0));
    const to = replyAddress(INBOUND, "contact", id.slice("contact_".length));
    await returnToListener(listener().port, to, answerMail(to, "word ".repeat(3000)));
    const [entry] = (await timelineOf(api, id)) as { text?: string }[];
    expect(entry?.text).toHaveLength(MAX_INBOUND_TEXT);
    expect(entry?.text?.endsWith("…")).toBe(true);
  });

  it("refuses a forged or unknown reply address with 550 and writes nothing", async () => {
    const id = await addContact(api, at(0));
    for (const to of forgedReplyAddresses(id)) {
      const refused = await refusal(returnToListener(listener().port, to, answerMail(to, "Hello")));
      expect([refused.code, refused.text?.includes("No such reply address here")], to).toEqual([
        550,
        true,
      ]);
    }
    expect(await timelineOf(api, id)).toEqual([]);
  });

  it("drops an answer about a lead whose person was erased, and still accepts it", async () => {
    const id = await addContact(api, at(0));
    const to = replyAddress(INBOUND, "contact", id.slice("contact_".length));
    await api.db.deleteFrom("contact_messages").execute();
    const sent = await returnToListener(listener().port, to, answerMail(to, "Still there?"));
    expect(sent.response).toMatch(/^250/);
    expect(await api.db.selectFrom("lead_events").selectAll().execute()).toEqual([]);
  });
});
