import { expect } from "vitest";
import { ANY_VERSION } from "../../testing/staff-client";
import { campaignsApi } from "../../../staff-api/newsletter";
import { subscriptionRow } from "../../testing/lead-api";
import type { StaffApi } from "../../testing/staff-api";
import type { StaffClient } from "../../testing/staff-client";

// What the tests of a campaign's recipients share: a list of confirmed subscribers and nothing
// else, and a campaign written and sent to them through the API.

/**
 * Empties the campaigns, the mail that came back and the subscribers, then stores `emails` as
 * subscribers confirmed a minute ago; their rows.
 */
export async function onlyConfirmed(api: StaffApi, ...emails: string[]) {
  for (const table of ["mail_events", "mail_suppressions", "newsletter_campaigns"] as const) {
    await api.db.deleteFrom(table).execute();
  }
  await api.db.deleteFrom("newsletter_subscriptions").execute();
  const at = new Date(api.clock.now.getTime() - 60_000).toISOString();
  const rows = emails.map((email) => subscriptionRow(email, "confirmed", at));
  if (rows.length) await api.db.insertInto("newsletter_subscriptions").values(rows).execute();
  return rows;
}

/**
 * A campaign written by the member of staff `cookie` names, and sent now to every confirmed
 * subscriber unless `send` is false; its id.
 */
export async function newCampaign(
  api: StaffApi,
  cookie: string,
  subject: string,
  { send = true }: { send?: boolean } = {},
) {
  const created = await api.as(cookie).call(campaignsApi.create, {
    body: { subject, markdown: "Hi" },
  });
  const id = String(created.json().id);
  if (send) {
    const sent = await sendAsIs(api, cookie, id);
    expect(sent.statusCode, sent.body).toBe(202);
  }
  return id;
}

/**
 * Sends campaign `id` now (or at `at`) as the member of staff `cookie` names, on the version it
 * has (ANY_VERSION): the answer.
 */
export const sendAsIs = (api: StaffApi, cookie: string, id: string, body: { at?: string } = {}) =>
  api.as(cookie).call(campaignsApi.send, { headers: ANY_VERSION, params: { id }, body });

/**
 * Sends campaign `id` now as `staff`, on the version it has, and lets the outbox deliver it
 * (the run after the last copy marks the campaign sent): every message the transport sent.
 */
export async function sentAndDelivered(api: StaffApi, staff: StaffClient, id: string) {
  const sent = await staff.call(campaignsApi.send, {
    headers: ANY_VERSION,
    params: { id },
    body: {},
  });
  expect(sent.statusCode, sent.body).toBe(202);
  await api.outbox.runOnce();
  await api.outbox.runOnce();
  return api.transport.sent;
}
