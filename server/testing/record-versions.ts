/**
 * The version a campaign, the welcome e-mail, a subscriber or a staff account has now, read from
 * the database by the address of a change to it: for ANY_VERSION (staff-client.ts), in tests that
 * are not about versions. Undefined for any other address.
 */
import { campaignsApi, welcomeApi } from "../../staff-api/newsletter";
import type { DB } from "../db/database";
import { campaignVersion } from "../newsletter/campaigns/campaigns";
import { readWelcome, welcomeVersion } from "../newsletter/welcome";
import { findSubscriber } from "../newsletter/subscribers/subscribers";
import { accountSummaries } from "../staff/accounts/accounts-admin";

/** The id an address names after `prefix` (`/api/staff/campaigns/<id>/send`), or null. */
function idAfter(path: string, prefix: string): string | null {
  const id = new RegExp(`^${prefix}/([^/]+)`).exec(path)?.[1];
  return id === undefined ? null : decodeURIComponent(id);
}

export async function recordVersionAt(db: DB, path: string): Promise<string | undefined> {
  if (path === welcomeApi.save.path) return welcomeVersion(await readWelcome(db));
  const campaign = idAfter(path, campaignsApi.list.path);
  if (campaign !== null) {
    const row = await db
      .selectFrom("newsletter_campaigns")
      .select(["subject", "markdown", "status", "scheduled_at"])
      .where("id", "=", campaign)
      .executeTakeFirst();
    return row ? campaignVersion({ ...row, scheduledAt: row.scheduled_at }) : "none";
  }
  const subscriber = idAfter(path, "/api/staff/subscribers");
  if (subscriber !== null) return (await findSubscriber(db, subscriber))?.version ?? "none";
  const account = idAfter(path, "/api/staff/accounts");
  if (account !== null) return (await accountSummaries(db, account))[0]?.version ?? "none";
  return undefined;
}
