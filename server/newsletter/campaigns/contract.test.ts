import { describe, expect, it } from "vitest";
import { ANY_VERSION } from "../../testing/staff-client";
import { type EndpointSpec, pathOf } from "../../../staff-api/endpoint";
import { CampaignDetail, campaignsApi, welcomeApi } from "../../../staff-api/newsletter";
import { subscriptionRow, sqliteOnly } from "../../testing/lead-api";
import { aMinuteAgo } from "../../testing/records";
import { expectStrict, parsedAnswer, refusedWith } from "../../testing/checks";
import { signedInStaff, useStaffApi } from "../../testing/staff-api";
import { TEST_SENDS } from "./test-copies";

// Every answer of the welcome e-mail and campaign routes, read back as the console reads it:
// parsed with its contract schema, whose objects are strict. The app under test also checks each
// answer before Fastify serialises it (checkAnswers, testing/staff-api.ts).

const draft = { subject: "November news", markdown: "Hello **friends**." };
const MISSING = "00000000-0000-0000-0000-000000000000";

describe.each(sqliteOnly)("the newsletter's answers match the contract on $name", ({ url }) => {
  const api = useStaffApi(url);

  it("answers the welcome e-mail's routes, success and refusal, as the contract says", async () => {
    const marketing = await signedInStaff(api, "marketing@example.com", "marketing");
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const { get, save, preview, test } = welcomeApi;

    const read = await marketing.send("GET", get.path);
    expect(read.statusCode).toBe(200);
    expect(parsedAnswer(get.answers[200], read.json()).updatedAt).toBeNull();
    const shown = await marketing.send("POST", preview.path, draft);
    expect(shown.statusCode).toBe(200);
    expect(parsedAnswer(preview.answers[200], shown.json()).html).toContain("<strong>");
    const version = { "if-match": String(read.headers.etag) };
    const saved = await marketing.send("PUT", save.path, draft, version);
    expect(saved.statusCode).toBe(200);
    expect(parsedAnswer(save.answers[200], saved.json()).updatedBy).toBe("marketing@example.com");
    const tested = await marketing.send("POST", test.path, { ...draft, to: ["esi@example.com"] });
    expect(tested.statusCode, tested.body).toBe(202);
    parsedAnswer(test.answers[202], tested.json());

    const refusals = [
      [await marketing.send("PUT", save.path, { subject: "", markdown: "x" }, version), 400],
      [await marketing.send("POST", preview.path, { subject: "s", markdown: ">".repeat(60) }), 400],
      [await api.signedOut().send("GET", get.path), 401],
      [await sales.send("POST", preview.path, draft), 403],
      [await marketing.send("POST", test.path, { ...draft, to: ["esi@"] }), 400],
      [await sales.send("POST", test.path, draft), 403],
    ] as const;
    for (const [res, status] of refusals) refusedWith(status, res);
    for (let send = 1; send < TEST_SENDS.max; send++)
      await marketing.send("POST", test.path, draft);
    const tooMany = await marketing.send("POST", test.path, draft);
    expect(tooMany.statusCode).toBe(429);
    parsedAnswer(test.answers[429], tooMany.json());
  });

  it("answers a campaign with the sending rate, in a strict object", async () => {
    const marketing = await signedInStaff(api, "marketing@example.com", "marketing");
    const created = await marketing.send("POST", campaignsApi.create.path, draft);
    const id = parsedAnswer(campaignsApi.create.answers[201], created.json()).id;
    const read = await marketing.send("GET", pathOf(campaignsApi.get, { id }));
    const campaign = parsedAnswer(CampaignDetail, read.json());
    expect(campaign.sendPerMinute).toBe(60);
    const { sendPerMinute: _, ...withoutRate } = campaign;
    expectStrict(CampaignDetail, campaign, [withoutRate, { ...campaign, perSecond: 1 }]);
  });

  it("answers every campaign route, success and refusal, with campaigns in each state", async () => {
    await api.db.deleteFrom("newsletter_subscriptions").execute();
    await api.db.deleteFrom("newsletter_campaigns").execute();
    const at = aMinuteAgo(api);
    await api.db
      .insertInto("newsletter_subscriptions")
      .values([0, 1].map((i) => subscriptionRow(`reader-${i}@example.com`, "confirmed", at)))
      .execute();
    const marketing = await signedInStaff(api, "marketing@example.com", "marketing");
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const c = campaignsApi;
    const post = (spec: EndpointSpec, id: string, body: unknown = {}) =>
      marketing.call(spec, { params: { id }, body, headers: ANY_VERSION });

    async function created() {
      const res = await marketing.send("POST", c.create.path, draft);
      expect(res.statusCode, res.body).toBe(201);
      return parsedAnswer(c.create.answers[201], res.json()).id;
    }
    const [draftId, scheduledId, sendingId, pausedId, sentId, cancelledId] = [
      await created(),
      await created(),
      await created(),
      await created(),
      await created(),
      await created(),
    ] as [string, string, string, string, string, string];

    const edited = await marketing.send(
      "PATCH",
      pathOf(c.update, { id: draftId }),
      draft,
      ANY_VERSION,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    parsedAnswer(c.update.answers[200], edited.json());
    const tested = await post(c.test, draftId, { to: ["esi@example.com", "kofi@example.com"] });
    expect(tested.statusCode, tested.body).toBe(202);
    parsedAnswer(c.test.answers[202], tested.json());

    // One sent (its copies gone; the outbox marks it sent on its next run), and one of each
    // other state.
    const sent = await post(c.send, sentId);
    expect(parsedAnswer(c.send.answers[202], sent.json()).status).toBe("sending");
    await api.outbox.runOnce();
    await api.outbox.runOnce();
    const later = new Date(api.clock.now.getTime() + 86_400_000).toISOString();
    const scheduled = await post(c.send, scheduledId, { at: later });
    expect(parsedAnswer(c.send.answers[202], scheduled.json()).status).toBe("scheduled");
    for (const id of [sendingId, pausedId]) {
      const sending = await post(c.send, id);
      expect(sending.statusCode, sending.body).toBe(202);
      expect(parsedAnswer(c.send.answers[202], sending.json()).status).toBe("sending");
    }
    const paused = await post(c.pause, pausedId);
    expect(parsedAnswer(c.pause.answers[200], paused.json()).status).toBe("paused");
    const resumed = await post(c.resume, pausedId);
    expect(parsedAnswer(c.resume.answers[200], resumed.json()).status).toBe("sending");
    expect(parsedAnswer(c.pause.answers[200], (await post(c.pause, pausedId)).json()).status).toBe(
      "paused",
    );
    const cancelled = await post(c.cancel, cancelledId);
    expect(parsedAnswer(c.cancel.answers[200], cancelled.json()).status).toBe("cancelled");

    const listed = await marketing.send("GET", c.list.path);
    expect(listed.statusCode).toBe(200);
    const statuses = parsedAnswer(c.list.answers[200], listed.json()).items.map(
      (item) => item.status,
    );
    expect(statuses.toSorted()).toEqual([
      "cancelled",
      "draft",
      "paused",
      "scheduled",
      "sending",
      "sent",
    ]);
    for (const id of [draftId, scheduledId, sendingId, pausedId, sentId, cancelledId]) {
      const read = await marketing.send("GET", pathOf(c.get, { id }));
      expect(read.statusCode).toBe(200);
      parsedAnswer(CampaignDetail, read.json());
    }

    // A copy the mail server refused for good, to send again.
    await api.db
      .updateTable("outbox")
      .set({ status: "failed" })
      .where("campaign_id", "=", sentId)
      .execute();
    const retried = await post(c.retry, sentId);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(parsedAnswer(c.retry.answers[200], retried.json())).toEqual({
      status: "sending",
      retried: 2,
    });

    // The refusals: each status each route lists, with its contract's body.
    const refusals = [
      [await marketing.send("POST", c.create.path, { subject: "x" }), 400],
      [
        await marketing.send(
          "PATCH",
          pathOf(c.update, { id: draftId }),
          { subject: "" },
          ANY_VERSION,
        ),
        400,
      ],
      [await post(c.send, draftId, { at: "tomorrow" }), 400],
      [await post(c.send, draftId, { at: "2026-02-30" }), 400],
      [await api.signedOut().send("GET", c.list.path), 401],
      [await sales.send("GET", pathOf(c.get, { id: draftId })), 403],
      [await marketing.send("GET", pathOf(c.get, { id: MISSING })), 404],
      [await marketing.send("GET", pathOf(c.get, { id: "nope" })), 404],
      [
        await marketing.send(
          "PATCH",
          pathOf(c.update, { id: "nope" }),
          { subject: "" },
          ANY_VERSION,
        ),
        404,
      ],
      [await post(c.test, MISSING), 404],
      [await post(c.retry, MISSING), 404],
      [await post(c.cancel, "nope"), 404],
      [await marketing.send("PATCH", pathOf(c.update, { id: sendingId }), draft, ANY_VERSION), 409],
      [await post(c.send, sendingId), 409],
      [await post(c.pause, draftId), 409],
      [await post(c.resume, draftId), 409],
      [await post(c.cancel, cancelledId), 409],
      [await post(c.retry, draftId), 409],
      [await post(c.retry, pausedId), 409],
    ] as const;
    for (const [res, status] of refusals) refusedWith(status, res);
    refusedWith(400, await post(c.test, draftId, { to: ["esi@"] }));
    for (let send = 1; send < TEST_SENDS.max; send++) await post(c.test, draftId);
    const tooMany = await post(c.test, draftId);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.headers["retry-after"]).toBeDefined();
    parsedAnswer(c.test.answers[429], tooMany.json());

    // With nobody to send to, sending now is refused.
    await api.db.deleteFrom("newsletter_subscriptions").execute();
    const nobody = await post(c.send, draftId);
    refusedWith(409, nobody);
  });

  it("refuses a send time that has passed, and sends nothing to anyone", async () => {
    await api.db.deleteFrom("newsletter_subscriptions").execute();
    await api.db.deleteFrom("newsletter_campaigns").execute();
    await api.db
      .insertInto("newsletter_subscriptions")
      .values(subscriptionRow("reader@example.com", "confirmed", aMinuteAgo(api)))
      .execute();
    const marketing = await signedInStaff(api, "marketing@example.com", "marketing");
    const created = await marketing.send("POST", campaignsApi.create.path, draft);
    const id = parsedAnswer(campaignsApi.create.answers[201], created.json()).id;
    const send = (at: string) =>
      marketing.call(campaignsApi.send, { headers: ANY_VERSION, params: { id }, body: { at } });

    for (const at of [aMinuteAgo(api), api.clock.now.toISOString(), "2020-01-01"]) {
      const res = await send(at);
      refusedWith(400, res);
      expect(res.json<{ error: string }>().error, at).toBe(
        "That time has passed. Choose a time still to come, or send it now.",
      );
    }
    const read = await marketing.send("GET", pathOf(campaignsApi.get, { id }));
    expect(parsedAnswer(CampaignDetail, read.json())).toMatchObject({
      status: "draft",
      scheduledAt: null,
      startedAt: null,
    });
    await api.outbox.runOnce();
    expect(api.transport.sent.map((mail) => mail.to)).not.toContain("reader@example.com");

    // A minute from now is still to come: scheduled, not sent.
    const soon = new Date(api.clock.now.getTime() + 60_000).toISOString();
    expect(parsedAnswer(campaignsApi.send.answers[202], (await send(soon)).json()).status).toBe(
      "scheduled",
    );
  });
});
