import { sql } from "kysely";
import { pagePaths } from "../../common/paths";
import type { DB } from "../db/database";
import { PERSON_COLUMNS } from "../db/schema";
import { ATTRIBUTION_COLUMNS } from "../db/migrations/0008-lead-attribution";

export const LEAD_TYPES = ["newsletter", "contact", "demo"] as const;
export type LeadType = (typeof LEAD_TYPES)[number];

/** Every export ends with where the lead came from: its form's page and its visit's source. */
const WHERE_FROM = ["form_page", ...ATTRIBUTION_COLUMNS] as const;

/** Columns exported per lead type, oldest lead first. Tokens are never exported. */
export const EXPORT_COLUMNS: Record<LeadType, readonly string[]> = {
  newsletter: ["created_at", ...PERSON_COLUMNS.newsletter, ...WHERE_FROM],
  contact: ["created_at", ...PERSON_COLUMNS.contact, ...WHERE_FROM],
  demo: ["created_at", "product", "page", ...PERSON_COLUMNS.demo, ...WHERE_FROM],
};

/**
 * Each table's form page: the sign-up's Referer path, the demo form's page, and the one page with
 * the contact form.
 */
const FORM_PAGE = {
  newsletter: sql<string>`source`,
  contact: sql<string>`cast(${pagePaths.contactUs} as text)`,
  demo: sql<string>`page`,
};

const TABLES = {
  newsletter: "newsletter_subscriptions",
  contact: "contact_messages",
  demo: "demo_requests",
} as const;

/** Reads the leads of one type, optionally only those stored at or after `since`. */
export async function readLeads(
  db: DB,
  type: LeadType,
  since?: Date,
): Promise<Record<string, unknown>[]> {
  const stored = EXPORT_COLUMNS[type].filter((column) => column !== "form_page");
  let query = db
    .selectFrom(TABLES[type])
    .select(stored as never[])
    .select(FORM_PAGE[type].as("form_page"))
    .orderBy("created_at");
  if (since) query = query.where("created_at", ">=", since.toISOString());
  return (await query.execute()) as Record<string, unknown>[];
}
