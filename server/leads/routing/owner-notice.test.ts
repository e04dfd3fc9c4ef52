/**
 * A lead's owner is told at once, by e-mail through the outbox in the transaction that gives
 * them the lead, and on Slack when it is configured: whether the routing rules gave it as it
 * arrived or a colleague gave it in the console. Nobody is told of a lead they took themselves.
 */
import { describe, expect, it } from "vitest";
import { leadKey } from "../../../leads/workflow";
import { leadsApi } from "../../../staff-api/leads";
import { sessionApi } from "../../../staff-api/session";
import { testDialects } from "../../testing/lead-api";
import { answered } from "../../testing/checks";
import { STAFF_SITE, signedInStaff, useStaffApi } from "../../testing/staff-api";
import { changeLead } from "../inbox/inbox.testing";
import { ownerMails, postLead, queued, saveRouting } from "./routing.testing";

const SLACK_URL = "https://hooks.slack.com/services/T000/B000/routing-test";

describe.each(testDialects)("telling a lead's owner on $name", ({ url }) => {
  const api = useStaffApi(url, {
    config: {
      alerts: {
        slackUrl: SLACK_URL,
        webhook: { url: "https://crm.example.com/hooks", secret: "whsec_test" },
      },
    },
  });

  /** The Slack messages queued about lead row `id`, as their text (in no particular order). */
  const slackLines = async (id: string) =>
    (await queued<{ text: string }>(api, id, "slack")).map((message) => message.text);

  it("e-mails a routed lead's owner its essentials, its time on Accra's clock and its link", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    await signedInStaff(api, "ama@example.com", "sales");
    await saveRouting(admin, [{ type: "demo", owner: "ama@example.com" }]);
    const id = await postLead(api, api.app, "demo", "aslan");

    const [mail, ...more] = await ownerMails(api, id);
    expect(more).toEqual([]);
    expect(mail?.to).toBe("ama@example.com");
    expect(mail?.subject).toBe("Lead for you (Demo request): Kofi Boateng, Susu Co");
    expect(mail?.text).toContain(`${STAFF_SITE}/staff/leads/${leadKey("demo", id)}`);
    expect(mail?.text).toMatch(/Received: \d{1,2} \w{3} \d{4}, \d{2}:\d{2} Accra time/);
    expect(mail?.text).toContain("Phone: 0550000000");
    // Slack's message of the new lead names her.
    expect(await slackLines(id)).toEqual([
      expect.stringMatching(/^New demo request for ASLAN from Kofi Boateng \(Susu Co\), for ama: /),
    ]);
    // The CRM's lead.created names her too, so the lead stays in the same hands there.
    const [crm] = await queued<{ data: { owner?: unknown } }>(api, id, "webhook");
    expect(crm?.data.owner).toEqual({ name: "ama", email: "ama@example.com" });
    // The e-mail goes out to her (Slack's message left out: the tests post nowhere), and the
    // lead's timeline shows it beside its routing.
    await api.db.deleteFrom("outbox").where("kind", "=", "slack").execute();
    api.advance(60_000); // the form stored the lead at the real time, after the tests' clock
    await api.outbox.runOnce();
    expect(api.transport.sent.map((sent) => sent.to)).toContain("ama@example.com");
    const lead = await admin.call(leadsApi.get, { params: { id: leadKey("demo", id) } });
    const timeline = answered(leadsApi.get, lead, 200).timeline;
    expect(timeline).toContainEqual(
      expect.objectContaining({ kind: "assigned", to: "ama@example.com" }),
    );
    expect(timeline).toContainEqual(
      expect.objectContaining({ kind: "delivery", channel: "owner-email", status: "sent" }),
    );
  });

  it("says on Slack when no one was available, and e-mails nobody", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const ama = await signedInStaff(api, "ama@example.com", "sales");
    await saveRouting(admin, [{ type: "contact", rotation: ["ama@example.com"] }]);
    await ama.call(sessionApi.updateMe, { body: { away: true } });
    const id = await postLead(api, api.app, "contact");
    expect(await ownerMails(api, id)).toEqual([]);
    expect(await slackLines(id)).toEqual([
      expect.stringContaining("unassigned: no one in its rotation is available"),
    ]);
    const [crm] = await queued<{ data: { owner?: unknown } }>(api, id, "webhook");
    expect(crm?.data.owner).toBeNull();
  });

  it("tells a colleague given a lead in the console, and no one who takes a lead themselves", async () => {
    const ama = await signedInStaff(api, "ama@example.com", "sales");
    await signedInStaff(api, "kofi@example.com", "sales");
    const id = await postLead(api, api.app, "contact");
    const key = leadKey("contact", id);

    await changeLead(ama, key, { owner: "ama@example.com" });
    expect(await ownerMails(api, id)).toEqual([]);
    expect(await slackLines(id)).toHaveLength(1); // the new lead's, before anyone had it

    await changeLead(ama, key, { owner: "kofi@example.com" });
    const [mail, ...more] = await ownerMails(api, id);
    expect(more).toEqual([]);
    expect(mail?.to).toBe("kofi@example.com");
    expect(mail?.text).toContain("ama made you the owner of this contact message.");
    expect(mail?.text).toContain("Message: We would like to accept mobile money.");
    expect(mail?.text).toContain(`${STAFF_SITE}/staff/leads/${key}`);
    expect(await slackLines(id)).toContainEqual(
      expect.stringMatching(/^Contact message from Ama Mensah given to kofi by ama: /),
    );
  });
});
