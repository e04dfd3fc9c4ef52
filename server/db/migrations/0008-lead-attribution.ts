import type { Kysely, Migration } from "kysely";

/** The columns of a lead's attribution (leads/source.ts), null when the visit did not say. */
export const ATTRIBUTION_COLUMNS = [
  "landing_page",
  "referrer",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
] as const;

const TABLES = ["contact_messages", "demo_requests", "newsletter_subscriptions"];

/**
 * Where each lead's visit came from: the landing page, the referrer and the campaign tags, on
 * every kind of lead. Leads stored before have none (null); nothing is guessed for them.
 */
export const leadAttribution: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of TABLES) {
      for (const column of ATTRIBUTION_COLUMNS) {
        await db.schema.alterTable(table).addColumn(column, "text").execute();
      }
    }
  },
  async down(db: Kysely<unknown>) {
    for (const table of TABLES) {
      for (const column of ATTRIBUTION_COLUMNS) {
        await db.schema.alterTable(table).dropColumn(column).execute();
      }
    }
  },
};
