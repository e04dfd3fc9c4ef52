/** What the tests of replies to a lead share: the inbound settings, sending one, reading it back. */
import { expect } from "vitest";
import { leadsApi } from "../../../staff-api/leads";
import type { MailMessage } from "../../mail/message";
import type { StaffClient } from "../../testing/staff-client";
import { type StaffApi, signedInStaff } from "../../testing/staff-api";
import { addContact, at } from "../../testing/records";
import type { DB } from "../../db/database";
import { INBOUND } from "../../newsletter/returns/inbound/inbound.testing";
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
export async function queuedReplies(db: DB): Promise<MailMessage[]> {
  const rows = await db
    .selectFrom("outbox")
    .select("payload")
    .where("kind", "=", "lead-reply")
    .orderBy("created_at")
    .execute();
  return rows.map((row) => JSON.parse(row.payload) as MailMessage);
}

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
