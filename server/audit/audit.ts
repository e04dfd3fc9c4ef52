import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { DB } from "../db/database";
import type { Database } from "../db/schema";
import type { AuditAction } from "../../staff-api/audit";

// Defined with the contract, which also says what kind of entry each is (read or change), so that
// the console can word every action without importing the server.
export type { AuditAction };

export interface AuditEntry {
  action: AuditAction;
  at: string;
  /** The account that acted; null for anonymous or failed attempts and the command line. */
  actor?: { id: string; email: string } | null;
  /** What was acted on. */
  record?: { type: string; id: string } | null;
  /** Context as JSON: never a token, cookie or other secret. */
  detail?: Record<string, unknown>;
}

/**
 * Appends one entry to the audit log, in the caller's transaction when there is one, so the
 * entry and the change it records are stored together or not at all. There is deliberately no
 * function to change or remove entries, and the database refuses both (migration 0004).
 */
export async function recordAudit(
  db: DB | Transaction<Database>,
  { action, at, actor = null, record = null, detail = {} }: AuditEntry,
): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      id: randomUUID(),
      at,
      actor_id: actor?.id ?? null,
      actor_email: actor?.email ?? null,
      action,
      record_type: record?.type ?? null,
      record_id: record?.id ?? null,
      detail: JSON.stringify(detail),
    })
    .execute();
}
