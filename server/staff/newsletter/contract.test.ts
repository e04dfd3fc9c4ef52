import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { Failed } from "../../../staff-api/answers";
import { pathOf } from "../../../staff-api/endpoint";
import { CampaignDetail, campaignsApi, welcomeApi } from "../../../staff-api/newsletter";
import { subscriptionRow, testDialects } from "../../testing";
import { STAFF_SITE, signedInStaff, useStaffApi } from "../testing";

// Every answer of the welcome e-mail and campaign routes, read back as the console reads it:
// parsed with its contract schema, whose objects are strict. The app under test also checks each
// answer before Fastify serialises it (checkAnswers in ./testing.ts).

/** Parses `body` as the answer `status` of `spec`, failing the test when it is not exactly that. */
function parsed<S extends z.ZodMiniType>(schema: S | undefined, body: unknown): z.output<S> {
  expect(schema, "the endpoint lists this status").toBeDefined();
  const result = z.safeParse(schema as S, body);
  expect(result.success, result.success ? "" : z.prettifyError(result.error)).toBe(true);
  return result.data as z.output<S>;
}

const draft = { subject: "November news", markdown: "Hello **friends**." };
const MISSING = "00000000-0000-0000-0000-000000000000";

describe.each(testDialects)("the newsletter's answers match the contract on $name", ({ url }) => {
  const api = useStaffApi(url);

  const request = (cookie: string, method: string, path: string, payload?: unknown) =>
    api.app.inject({
      method: method as "GET" | "POST" | "PUT" | "PATCH",
      url: path,
      headers: method === "GET" ? { cookie } : { cookie, origin: STAFF_SITE },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it("answers the welcome e-mail's routes, success and refusal, as the contract says", async () => {
    const { cookie } = await signedInStaff(api, "marketing@example.com", "marketing");
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const { get, save, preview } = welcomeApi;

    const read = await request(cookie, "GET", get.path);
    expect(read.statusCode).toBe(200);
    expect(parsed(get.answers[200], read.json()).updatedAt).toBeNull();
    const shown = await request(cookie, "POST", preview.path, draft);
    expect(shown.statusCode).toBe(200);
    expect(parsed(preview.answers[200], shown.json()).html).toContain("<strong>");
    const saved = await request(cookie, "PUT", save.path, draft);
    expect(saved.statusCode).toBe(200);
    expect(parsed(save.answers[200], saved.json()).updatedBy).toBe("marketing@example.com");

    const refusals = [
      [await request(cookie, "PUT", save.path, { subject: "", markdown: "x" }), 400],
      [
        await request(cookie, "POST", preview.path, { subject: "s", markdown: ">".repeat(60) }),
        400,
      ],
      [await request("", "GET", get.path), 401],
      [await request(sales.cookie, "POST", preview.path, draft), 403],
    ] as const;
    for (const [res, status] of refusals) {
      expect(res.statusCode, res.body).toBe(status);
      parsed(Failed, res.json());
    }
  });

  it("answers every campaign route, success and refusal, with campaigns in each state", async () => {
    await api.db.deleteFrom("newsletter_subscriptions").execute();
    await api.db.deleteFrom("newsletter_campaigns").execute();
    const at = new Date(api.clock.now.getTime() - 60_000).toISOString();
    await api.db
      .insertInto("newsletter_subscriptions")
      .values([0, 1].map((i) => subscriptionRow(`reader-${i}@example.com`, "confirmed", at)))
      .execute();
    const { cookie } = await signedInStaff(api, "marketing@example.com", "marketing");
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const c = campaignsApi;
    const post = (spec: { path: string }, id: string, body: unknown = {}) =>
      request(cookie, "POST", pathOf(spec as typeof c.send, { id }), body);

    async function created() {
      const res = await request(cookie, "POST", c.create.path, draft);
      expect(res.statusCode, res.body).toBe(201);
      return parsed(c.create.answers[201], res.json()).id;
    }
    const [draftId, scheduledId, sendingId, pausedId, sentId, cancelledId] = [
      await created(),
      await created(),
      await created(),
      await created(),
      await created(),
      await created(),
    ] as [string, string, string, string, string, string];

    const edited = await request(cookie, "PATCH", pathOf(c.update, { id: draftId }), draft);
    expect(edited.statusCode, edited.body).toBe(200);
    parsed(c.update.answers[200], edited.json());
    const tested = await post(c.test, draftId);
    expect(tested.statusCode, tested.body).toBe(202);
    parsed(c.test.answers[202], tested.json());

    // One sent (its copies gone; the outbox marks it sent on its next run), and one of each
    // other state.
    const sent = await post(c.send, sentId);
    expect(parsed(c.send.answers[202], sent.json()).status).toBe("sending");
    await api.outbox.runOnce();
    await api.outbox.runOnce();
    const later = new Date(api.clock.now.getTime() + 86_400_000).toISOString();
    const scheduled = await post(c.send, scheduledId, { at: later });
    expect(parsed(c.send.answers[202], scheduled.json()).status).toBe("scheduled");
    for (const id of [sendingId, pausedId]) {
      const sending = await post(c.send, id);
      expect(sending.statusCode, sending.body).toBe(202);
      expect(parsed(c.send.answers[202], sending.json()).status).toBe("sending");
    }
    const paused = await post(c.pause, pausedId);
    expect(parsed(c.pause.answers[200], paused.json()).status).toBe("paused");
    const resumed = await post(c.resume, pausedId);
    expect(parsed(c.resume.answers[200], resumed.json()).status).toBe("sending");
    expect(parsed(c.pause.answers[200], (await post(c.pause, pausedId)).json()).status).toBe(
      "paused",
    );
    const cancelled = await post(c.cancel, cancelledId);
    expect(parsed(c.cancel.answers[200], cancelled.json()).status).toBe("cancelled");

    const listed = await request(cookie, "GET", c.list.path);
    expect(listed.statusCode).toBe(200);
    const statuses = parsed(c.list.answers[200], listed.json()).items.map((item) => item.status);
    expect(statuses.toSorted()).toEqual([
      "cancelled",
      "draft",
      "paused",
      "scheduled",
      "sending",
      "sent",
    ]);
    for (const id of [draftId, scheduledId, sendingId, pausedId, sentId, cancelledId]) {
      const read = await request(cookie, "GET", pathOf(c.get, { id }));
      expect(read.statusCode).toBe(200);
      parsed(CampaignDetail, read.json());
    }

    // A copy the mail server refused for good, to send again.
    await api.db
      .updateTable("outbox")
      .set({ status: "failed" })
      .where("campaign_id", "=", sentId)
      .execute();
    const retried = await post(c.retry, sentId);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(parsed(c.retry.answers[200], retried.json())).toEqual({
      status: "sending",
      retried: 2,
    });

    // The refusals: each status each route lists, with its contract's body.
    const refusals = [
      [await request(cookie, "POST", c.create.path, { subject: "x" }), 400],
      [await request(cookie, "PATCH", pathOf(c.update, { id: draftId }), { subject: "" }), 400],
      [await post(c.send, draftId, { at: "tomorrow" }), 400],
      [await post(c.send, draftId, { at: "2026-02-30" }), 400],
      [await request("", "GET", c.list.path), 401],
      [await request(sales.cookie, "GET", pathOf(c.get, { id: draftId })), 403],
      [await request(cookie, "GET", pathOf(c.get, { id: MISSING })), 404],
      [await request(cookie, "GET", pathOf(c.get, { id: "nope" })), 404],
      [await request(cookie, "PATCH", pathOf(c.update, { id: "nope" }), { subject: "" }), 404],
      [await post(c.test, MISSING), 404],
      [await post(c.retry, MISSING), 404],
      [await post(c.cancel, "nope"), 404],
      [await request(cookie, "PATCH", pathOf(c.update, { id: sendingId }), draft), 409],
      [await post(c.send, sendingId), 409],
      [await post(c.pause, draftId), 409],
      [await post(c.resume, draftId), 409],
      [await post(c.cancel, cancelledId), 409],
      [await post(c.retry, draftId), 409],
      [await post(c.retry, pausedId), 409],
    ] as const;
    for (const [res, status] of refusals) {
      expect(res.statusCode, res.body).toBe(status);
      parsed(Failed, res.json());
    }
    for (let copy = 0; copy < 10; copy++) await post(c.test, draftId);
    const tooMany = await post(c.test, draftId);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.headers["retry-after"]).toBeDefined();
    parsed(c.test.answers[429], tooMany.json());

    // With nobody to send to, sending now is refused.
    await api.db.deleteFrom("newsletter_subscriptions").execute();
    const nobody = await post(c.send, draftId);
    expect(nobody.statusCode).toBe(409);
    parsed(Failed, nobody.json());
  });
});
