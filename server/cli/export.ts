import type { DB } from "../db/database";

export const LEAD_TYPES = ["newsletter", "contact", "demo"] as const;
export type LeadType = (typeof LEAD_TYPES)[number];

/** Columns exported per lead type, oldest lead first. Tokens are never exported. */
export const EXPORT_COLUMNS: Record<LeadType, readonly string[]> = {
  newsletter: [
    "created_at",
    "email",
    "status",
    "consent_at",
    "confirmed_at",
    "unsubscribed_at",
    "source",
  ],
  contact: [
    "created_at",
    "first_name",
    "last_name",
    "email",
    "phone",
    "message",
    "policy_agreed_at",
  ],
  demo: [
    "created_at",
    "product",
    "page",
    "name",
    "email",
    "phone",
    "company",
    "job_title",
    "industry",
  ],
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
  let query = db
    .selectFrom(TABLES[type])
    .select(EXPORT_COLUMNS[type] as never[])
    .orderBy("created_at");
  if (since) query = query.where("created_at", ">=", since.toISOString());
  return (await query.execute()) as Record<string, unknown>[];
}
