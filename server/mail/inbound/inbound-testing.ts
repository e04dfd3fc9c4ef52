/** For the inbound tests: a subscriber with the confirmation e-mail they were sent, and reading back. */
import nodemailer from "nodemailer";
import type { DB } from "../../db/database";
import { subscribe } from "../../db/newsletter-subscriptions";
import { newsletterConfirmation } from "../templates";
import { returnAddress } from "../return-path";

export const INBOUND = {
  domain: "inbound.site.test",
  secret: "a test secret of at least thirty-two characters",
};

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
  const row = await db
    .selectFrom("newsletter_subscriptions")
    .innerJoin("outbox", "outbox.lead_id", "newsletter_subscriptions.id")
    .select(["newsletter_subscriptions.id as subscriptionId", "outbox.id as outboxId"])
    .where("newsletter_subscriptions.email", "=", email)
    .executeTakeFirstOrThrow();
  return { ...row, returnPath: returnAddress(INBOUND, "m", row.subscriptionId, row.outboxId) };
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
export function returnToListener(port: number, to: string, raw: string) {
  const smtp = nodemailer.createTransport({
    host: "127.0.0.1",
    port,
    secure: false,
    ignoreTLS: true,
  });
  return smtp.sendMail({ envelope: { from: "", to: [to] }, raw }).finally(() => smtp.close());
}
