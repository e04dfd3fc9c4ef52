/** For the inbound tests: a subscriber with the confirmation e-mail they were sent, and reading back. */
import { once } from "node:events";
import net from "node:net";
import nodemailer from "nodemailer";
import type { DB } from "../../../db/database";
import { subscribe } from "../../subscribers/lifecycle";
import { returnEffects } from "../../../mail/deliveries";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { testConfig, useTestDatabase } from "../../../testing/lead-api";
import { newsletterConfirmation } from "../../../mail/emails/newsletter-confirmation";
import { confirmationReturnPath } from "./report-samples.testing";
import {
  type InboundListener,
  type InboundListenerOptions,
  startInboundListener,
} from "./listener";

export const INBOUND = {
  domain: "inbound.site.test",
  secret: "a test secret of at least thirty-two characters",
};

/** The inbound listener on a free loopback port, on `db`, logging nothing. */
export function listenForReturns(
  db: DB,
  options: Partial<InboundListenerOptions> = {},
): Promise<InboundListener> {
  return startInboundListener({
    db,
    effects: returnEffects(testConfig()),
    inbound: INBOUND,
    host: "127.0.0.1",
    port: 0,
    log: { info() {}, warn() {} },
    ...options,
  });
}

/**
 * A describe block's listener (listenForReturns, with `options`) on a database of `url` opened
 * once for the block, with what was recorded emptied before each test: `block.db` and
 * `block.listener` once the block has started.
 */
export function useListener(
  url: string | undefined,
  options: Partial<InboundListenerOptions> = {},
): { db: DB; listener: InboundListener } {
  const block = {} as { db: DB; listener: InboundListener };
  useTestDatabase(url, (opened) => (block.db = opened), { once: true });
  beforeAll(async () => {
    block.listener = await listenForReturns(block.db, options);
  });
  afterAll(() => block.listener.close());
  beforeEach(() => emptyReturns(block.db));
  return block;
}

/**
 * Signs `email` up as the form does (which queues their confirmation e-mail) and answers the
 * subscription's id, that e-mail's outbox id, and the return path it goes out with.
 */
export async function subscriberWithMail(db: DB, email: string) {
  await subscribe(db, email, { formPage: "/" }, () =>
    newsletterConfirmation(email, {
      confirmUrl: "c",
      unsubscribeUrl: "u",
      oneClickUnsubscribeUrl: "o",
    }),
  );
  return confirmationReturnPath(db, INBOUND, email);
}

/** The recorded events and suppressions, in the order they were stored. */
export async function recordedReturns(db: DB) {
  const events = await db
    .selectFrom("mail_events")
    .select([
      "source",
      "source_ref",
      "type",
      "email",
      "subscription_id",
      "outbox_id",
      "status",
      "detail",
      "raw",
    ])
    .orderBy("received_at")
    .orderBy("source_ref")
    .execute();
  const suppressions = await db
    .selectFrom("mail_suppressions")
    .select(["email", "reason"])
    .orderBy("email")
    .execute();
  return { events, suppressions };
}

/** Empties what the inbound tests store, so each test starts from none. */
export async function emptyReturns(db: DB): Promise<void> {
  await db.deleteFrom("mail_suppressions").execute();
  await db.deleteFrom("mail_events").execute();
  await db.deleteFrom("outbox").execute();
  await db.deleteFrom("newsletter_subscriptions").execute();
}

/** Sends `raw` to the listener as a mail server returning a message does: null sender. */
export function returnToListener(port: number, to: string | string[], raw: string) {
  const smtp = nodemailer.createTransport({
    host: "127.0.0.1",
    port,
    secure: false,
    ignoreTLS: true,
  });
  const envelope = { from: "", to: Array.isArray(to) ? to : [to] };
  return smtp.sendMail({ envelope, raw }).finally(() => smtp.close());
}

/**
 * A raw SMTP connection to the listener from `localAddress` (any of 127.0.0.0/8 is loopback on
 * Linux, so a test can be two clients), once its first reply has come: the greeting, or a
 * refusal. `socket` stays open, holding the connection, until the test ends it.
 */
export async function connectFrom(port: number, localAddress: string) {
  const socket = net.connect({ host: "127.0.0.1", port, localAddress });
  socket.setEncoding("utf8");
  const [first] = (await once(socket, "data")) as [string];
  return { socket, reply: first.trim() };
}

/** The SMTP error a delivery fails with: its reply code and text (none when it went through). */
export async function smtpRefusal(delivery: Promise<unknown>) {
  const error = (await delivery.then(
    () => null,
    (e: unknown) => e,
  )) as { responseCode?: number; response?: string } | null;
  return { code: error?.responseCode, text: error?.response };
}
