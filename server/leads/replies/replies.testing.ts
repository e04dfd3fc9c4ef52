/** What the tests of replies to a lead share: the inbound settings, sending one, reading it back. */
import { expect } from "vitest";
import { leadsApi } from "../../../staff-api/leads";
import type { MailMessage } from "../../mail/message";
import type { StaffClient } from "../../testing/staff-client";
import type { DB } from "../../db/database";
import { INBOUND } from "../../newsletter/returns/inbound/inbound.testing";

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
