import type { FastifyInstance } from "fastify";
import fc from "fast-check";
import { fuzzRuns } from "../../../../common/fuzz.testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiPaths } from "../../../../common/paths";
import { buildApp } from "../../../app";
import type { DB } from "../../../db/database";
import {
  testConfig,
  testDatabase,
  testDialects,
  testOutbox,
  useTestDatabase,
} from "../../../testing/lead-api";
import { replyAddress } from "../../../leads/replies/reply-address";
import { INBOUND, emptyReturns, recordedReturns, subscriberWithMail } from "./inbound.testing";
import {
  TEST_TOPIC,
  sesBounce,
  sesComplaint,
  signedSnsMessage,
  testSnsVerifier,
} from "./sns.testing";

const POSTMARK = { user: "postmark", password: "a long webhook password" };
/** A reply+ address that verifies, of a lead that does not exist. */
const INBOUND_REPLY = replyAddress(INBOUND, "demo", "0190f1d2-3c4b-7a5e-8f60-123456789abc");
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

describe.each(testDialects)("the mail providers' webhooks on $name", ({ url }) => {
  let db: DB;
  let app: FastifyInstance;
  const fetched: string[] = [];
  useTestDatabase(url, (opened) => (db = opened), { once: true });
  beforeAll(async () => {
    app = await buildApp({
      config: testConfig({
        deliverability: { inbound: INBOUND, sesTopicArns: [TEST_TOPIC], postmark: POSTMARK },
      }),
      db,
      outbox: testOutbox(db),
      mailEvents: {
        sns: { verifier: testSnsVerifier(), confirm: async (u) => void fetched.push(u.href) },
      },
    });
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    fetched.length = 0;
    await emptyReturns(db);
  });

  /** Posts to SNS's route as SNS does: JSON labelled text/plain. */
  const postSns = (message: object | string) =>
    app.inject({
      method: "POST",
      url: apiPaths.mailEventsSes,
      headers: { "content-type": "text/plain; charset=UTF-8" },
      payload: typeof message === "string" ? message : JSON.stringify(message),
    });

  it("records an SES bounce whose signature verifies, against the tag's subscriber, once", async () => {
    const ama = await subscriberWithMail(db, "ama@example.com");
    const notification = signedSnsMessage("Notification", {
      Message: sesBounce(ama.returnPath, "ama@example.com"),
    });
    const first = await postSns(notification);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ recorded: 1 });
    // SNS retries a message it thinks was not delivered: recorded once.
    expect((await postSns(notification)).statusCode).toBe(200);
    const { events, suppressions } = await recordedReturns(db);
    expect(events).toMatchObject([
      {
        source: "ses",
        source_ref: `${notification.MessageId} ama@example.com`,
        type: "hard-bounce",
        subscription_id: ama.subscriptionId,
        outbox_id: ama.outboxId,
        status: "5.1.1",
      },
    ]);
    expect(suppressions).toEqual([{ email: "ama@example.com", reason: "hard-bounce" }]);
  });

  it("records an SES complaint signed with SignatureVersion 1, by its address when untagged", async () => {
    const notification = signedSnsMessage(
      "Notification",
      { Message: sesComplaint("news@site.test", "kofi@example.com") },
      "1",
    );
    expect((await postSns(notification)).json()).toEqual({ recorded: 1 });
    const { events, suppressions } = await recordedReturns(db);
    expect(events).toMatchObject([
      { type: "complaint", email: "kofi@example.com", subscription_id: null },
    ]);
    expect(suppressions).toEqual([{ email: "kofi@example.com", reason: "complaint" }]);
    // A person saying "not spam" is no complaint.
    const notSpam = signedSnsMessage("Notification", {
      Message: sesComplaint("news@site.test", "esi@example.com", "not-spam"),
    });
    expect((await postSns(notSpam)).json()).toEqual({ recorded: 0 });
  });

  it("refuses with 403 a message whose signature does not verify, or from another topic", async () => {
    const signed = signedSnsMessage("Notification", {
      Message: sesBounce("news@site.test", "ama@example.com"),
    });
    const forged = { ...signed, Message: sesBounce("news@site.test", "kofi@example.com") };
    expect((await postSns(forged)).statusCode).toBe(403);
    const elsewhere = signedSnsMessage("Notification", {
      Message: sesBounce("news@site.test", "ama@example.com"),
      TopicArn: "arn:aws:sns:eu-west-1:999999999999:someone-elses",
    });
    expect((await postSns(elsewhere)).statusCode).toBe(403);
    expect(await recordedReturns(db)).toEqual({ events: [], suppressions: [] });
  });

  it("confirms an SNS subscription by fetching its SubscribeURL only when it is SNS's", async () => {
    const amazon = "https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&Token=t";
    for (const SubscribeURL of [
      "https://attacker.example/?Action=ConfirmSubscription",
      "http://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription",
      "https://sns.eu-west-1.amazonaws.com.attacker.example/",
    ]) {
      const answer = await postSns(
        signedSnsMessage("SubscriptionConfirmation", { Message: "Confirm", SubscribeURL }),
      );
      expect(answer.statusCode, SubscribeURL).toBe(400);
    }
    expect(fetched).toEqual([]);
    const good = await postSns(
      signedSnsMessage("SubscriptionConfirmation", { Message: "Confirm", SubscribeURL: amazon }),
    );
    expect(good.statusCode).toBe(200);
    expect(fetched).toEqual([amazon]);
  });

  it("answers 400, not 500, to a body that is not an SNS message", async () => {
    for (const body of ["not json", "[]", JSON.stringify({ Type: "Notification" })]) {
      expect((await postSns(body)).statusCode, body).toBe(400);
    }
  });

  it("refuses Postmark events without the right credentials: 401 and a challenge", async () => {
    const event = { RecordType: "Bounce", ID: 42, Type: "HardBounce", Email: "ama@example.com" };
    for (const authorization of [undefined, basic(POSTMARK.user, "wrong"), "Bearer x"]) {
      const answer = await app.inject({
        method: "POST",
        url: apiPaths.mailEventsPostmark,
        headers: authorization ? { authorization } : {},
        payload: event,
      });
      expect(answer.statusCode).toBe(401);
      expect(answer.headers["www-authenticate"]).toMatch(/^Basic realm=/);
    }
    expect(await recordedReturns(db)).toEqual({ events: [], suppressions: [] });
  });

  it("records a Postmark bounce against the tag its metadata carries", async () => {
    const ama = await subscriberWithMail(db, "ama@example.com");
    const tag = ama.returnPath.slice("bounce+".length, ama.returnPath.indexOf("@"));
    const post = (payload: object) =>
      app.inject({
        method: "POST",
        url: apiPaths.mailEventsPostmark,
        headers: { authorization: basic(POSTMARK.user, POSTMARK.password) },
        payload,
      });
    const bounce = {
      RecordType: "Bounce",
      ID: 4323372036,
      Type: "HardBounce",
      Email: "ama@example.com",
      Description: "The server was unable to deliver your message",
      Metadata: { "bounce-tag": tag },
    };
    expect((await post(bounce)).json()).toEqual({ recorded: 1 });
    expect((await post({ RecordType: "Delivery", ID: 7 })).json()).toEqual({ recorded: 0 });
    expect((await post({ ID: 8 })).statusCode).toBe(400);
    const { events, suppressions } = await recordedReturns(db);
    expect(events).toMatchObject([
      {
        source: "postmark",
        source_ref: "4323372036",
        type: "hard-bounce",
        outbox_id: ama.outboxId,
      },
    ]);
    expect(suppressions).toEqual([{ email: "ama@example.com", reason: "hard-bounce" }]);
  });

  it("never answers 5xx to whatever a client posts, to the events or the inbound route", async () => {
    const sesFields = fc.record(
      {
        Type: fc.constantFrom("Notification", "SubscriptionConfirmation", "Other", 1),
        MessageId: fc.string(),
        TopicArn: fc.constantFrom(TEST_TOPIC, "x"),
        Message: fc.oneof(fc.string(), fc.json(), fc.constant(sesBounce("a@b.c", "x@y.z"))),
        SignatureVersion: fc.constantFrom("1", "2", "3"),
        Signature: fc.base64String(),
        SigningCertURL: fc.string(),
        SubscribeURL: fc.webUrl(),
      },
      { requiredKeys: [] },
    );
    const postmarkFields = fc.record(
      {
        RecordType: fc.constantFrom("Bounce", "SpamComplaint", "Delivery", 7),
        ID: fc.oneof(fc.integer(), fc.string()),
        Type: fc.string(),
        Email: fc.oneof(fc.emailAddress(), fc.string()),
        Metadata: fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.string()),
      },
      { requiredKeys: [] },
    );
    const inboundFields = fc.record(
      {
        From: fc.oneof(fc.emailAddress(), fc.string(), fc.integer()),
        ToFull: fc.oneof(
          fc.array(fc.record({ Email: fc.oneof(fc.emailAddress(), fc.constant(INBOUND_REPLY)) })),
          fc.string(),
        ),
        OriginalRecipient: fc.oneof(fc.constant(INBOUND_REPLY), fc.string()),
        TextBody: fc.oneof(fc.string(), fc.constant(null)),
        HtmlBody: fc.string(),
      },
      { requiredKeys: [] },
    );
    const body = (fields: fc.Arbitrary<object>) =>
      fc.oneof(
        fields.map((o) => JSON.stringify(o)),
        fc.json(),
        fc.string(),
      );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.tuple(fc.constant(apiPaths.mailEventsSes), body(sesFields)),
          fc.tuple(fc.constant(apiPaths.mailEventsPostmark), body(postmarkFields)),
          fc.tuple(fc.constant(apiPaths.mailInboundPostmark), body(inboundFields)),
        ),
        fc.constantFrom("text/plain", "application/json", "application/xml"),
        async ([path, payload], type) => {
          const answer = await app.inject({
            method: "POST",
            url: path,
            headers: {
              "content-type": type,
              authorization: basic(POSTMARK.user, POSTMARK.password),
            },
            payload,
          });
          expect(answer.statusCode, `${path} ${type} ${payload}`).toBeLessThan(500);
        },
      ),
      fuzzRuns(300),
    );
  });
});

describe("the mail providers' webhooks, not configured", () => {
  it("answer 404, as if they did not exist", async () => {
    const db = await testDatabase();
    const app = await buildApp({ config: testConfig(), db, outbox: testOutbox(db) });
    try {
      const ses = await app.inject({ method: "POST", url: apiPaths.mailEventsSes, payload: "{}" });
      const postmark = await app.inject({
        method: "POST",
        url: apiPaths.mailEventsPostmark,
        headers: { authorization: basic("a", "b") },
        payload: {},
      });
      expect([ses.statusCode, postmark.statusCode]).toEqual([404, 404]);
    } finally {
      await app.close();
      await db.destroy();
    }
  });
});

describe("the mail providers' webhooks, rate-limited", () => {
  it("take 600 posts a minute from one client, then answer 429", async () => {
    const db = await testDatabase();
    const app = await buildApp({
      config: testConfig({
        rateLimit: { max: 10, windowMs: 60_000 },
        deliverability: { postmark: POSTMARK },
      }),
      db,
      outbox: testOutbox(db),
    });
    const post = () =>
      app.inject({ method: "POST", url: apiPaths.mailEventsPostmark, payload: {} });
    try {
      const statuses = new Set<number>();
      for (let i = 0; i < 600; i++) statuses.add((await post()).statusCode);
      expect([...statuses]).toEqual([401]);
      expect((await post()).statusCode).toBe(429);
    } finally {
      await app.close();
      await db.destroy();
    }
  });
});
