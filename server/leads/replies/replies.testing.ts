/** What the tests of replies to a lead share: the inbound settings, sending one, reading it back. */
import { afterAll, beforeAll, expect } from "vitest";
import { leadsApi } from "../../../staff-api/leads";
import type { MailMessage } from "../../mail/message";
import type { StaffClient } from "../../testing/staff-client";
import { type StaffApi, signedInStaff } from "../../testing/staff-api";
import { addContact, at, queuedPayloads } from "../../testing/records";
import type { DB } from "../../db/database";
import { INBOUND, listenForReturns } from "../../newsletter/returns/inbound/inbound.testing";
import type { InboundListener } from "../../newsletter/returns/inbound/listener";
import { replyAddress } from "./reply-address";

/** The staff API's settings with an inbound domain: replies carry a reply+ Reply-To. */
export const WITH_INBOUND = { config: { deliverability: { inbound: INBOUND } } };

/** Sends the reply `text` to lead `id` as `staff`, expecting a 202. */
export async function reply(staff: StaffClient, id: string, text: string) {
  const res = await staff.call(leadsApi.reply, { params: { id }, body: { text } });
  expect(res.statusCode, res.body).toBe(202);
  return res;
}

/** The replies queued in the outbox, oldest first, as the transport will get them. */
export const queuedReplies = (db: DB) => queuedPayloads<MailMessage>(db, "lead-reply");

/** A lead's timeline as sales read it through the staff API. */
export async function timelineOf(api: StaffApi, id: string) {
  const sales = await signedInStaff(api, "reader@akwaabapay.test", "sales");
  return (await sales.call(leadsApi.get, { params: { id } })).json().timeline as {
    kind: string;
    text?: string;
  }[];
}

/**
 * Kofi's contact message, answered by Ama from the console, and Esi's, not answered: their
 * keys, and the Reply-To of Ama's reply (Kofi's lead's reply+ address).
 */
export async function answeredContact(api: StaffApi) {
  const sales = await signedInStaff(api, "ama@akwaabapay.test", "sales");
  const id = await addContact(api, at(0), { email: "kofi@example.com" });
  const other = await addContact(api, at(1), { email: "esi@example.com" });
  await reply(sales, id, "Dear Kofi,\nCan we meet next week?");
  const replyTo = (await queuedReplies(api.db))[0]?.replyTo ?? "";
  return { id, other, replyTo };
}

/**
 * Checks that Kofi's answer to `answeredContact`'s reply, saying `text`, ended the timeline of
 * his lead (received `at`, when the test knows the time), and that Esi's lead heard nothing.
 */
export async function expectAnswerLanded(
  api: StaffApi,
  { id, other }: { id: string; other: string },
  text: string,
  at: string = expect.any(String),
) {
  expect((await timelineOf(api, id)).at(-1)).toEqual({
    kind: "inbound",
    at,
    from: "kofi@example.com",
    subject: "Re: your message to Akwaaba Pay",
    text,
  });
  expect(await timelineOf(api, other)).toEqual([]);
}

/**
 * Addresses that look like the reply+ address of contact `id` and are not: signed with another
 * secret, its real tag with the type changed (the MAC covers it), its id with no tag.
 */
export function forgedReplyAddresses(id: string): string[] {
  const rowId = id.slice("contact_".length);
  const forged = replyAddress(
    { ...INBOUND, secret: "another secret of at least thirty-two characters" },
    "contact",
    rowId,
  );
  const retyped = replyAddress(INBOUND, "contact", rowId).replace(/^reply\+rc/, "reply+rd");
  return [forged, retyped, `reply+${rowId}@${INBOUND.domain}`];
}

/** The real inbound listener for a describe's tests, on the API's clock: `listener()` is it. */
export function useInboundListener(api: StaffApi): () => InboundListener {
  let listener: InboundListener | undefined;
  beforeAll(async () => {
    listener = await listenForReturns(api.db, { now: () => api.clock.now });
  });
  afterAll(() => listener?.close());
  return () => listener!;
}

/**
 * The customer's answer to `to` as their mail program writes it: `body`, then the reply quoted
 * below it (what the listener must leave out).
 */
export function answerMail(
  to: string,
  body: string,
  { from = "Kofi Boateng <kofi@example.com>", subject = "Re: your message to Akwaaba Pay" } = {},
) {
  return [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${subject}`,
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
