import { describe, expect, it } from "vitest";
import { type PersonExport, peopleApi } from "../../staff-api/people";
import { testDialects } from "../testing/lead-api";
import { answered } from "../testing/checks";
import { addContact, at } from "../testing/records";
import { signedInStaff, useStaffApi } from "../testing/staff-api";
import { returnToListener } from "../newsletter/returns/inbound/inbound.testing";
import {
  WITH_INBOUND,
  answerMail,
  queuedReplies,
  reply,
  useInboundListener,
} from "../leads/replies/replies.testing";
import { exportHtml } from "./export-html";

const PERSON = "kofi.boateng@example.com";

describe.each(testDialects)("an access request's e-mails with sales on $name", ({ url }) => {
  const api = useStaffApi(url, WITH_INBOUND);
  const listener = useInboundListener(api);

  it("holds the replies written to the person and their answers, with who and when", async () => {
    const sales = await signedInStaff(api, "ama@akwaabapay.test", "sales");
    const admin = await signedInStaff(api, "admin@akwaabapay.test", "admin");
    const id = await addContact(api, at(0), { email: PERSON });
    await reply(sales, id, "Dear Kofi,\nWhich terminal suits your shop?");
    const replyTo = (await queuedReplies(api.db))[0]?.replyTo ?? "";
    api.advance(60_000);
    const sent = await returnToListener(
      listener().port,
      replyTo,
      answerMail(replyTo, "The small one.", {
        from: `Kofi Boateng <${PERSON}>`,
        subject: "Re: terminals for the shop",
      }),
    );
    expect(sent.response).toMatch(/^250/);

    const res = await admin.call(peopleApi.export, { query: { email: PERSON } });
    const found = answered(peopleApi.export, res, 200) as PersonExport;
    expect(found.emails).toEqual([
      {
        leadId: id,
        at: expect.any(String),
        direction: "to-person",
        by: { name: sales.account.name, role: "sales" },
        from: null,
        subject: null,
        text: "Dear Kofi,\nWhich terminal suits your shop?",
      },
      {
        leadId: id,
        at: api.clock.now.toISOString(),
        direction: "from-person",
        by: null,
        from: PERSON,
        subject: "Re: terminals for the shop",
        text: "The small one.",
      },
    ]);
    const html = exportHtml(found);
    expect(html).toContain("E-mails between you and our staff about it");
    expect(html).toContain("The small one.");
    expect(html).toContain("Re: terminals for the shop");
  });
});
