/**
 * What a correction of a lead changed, as its `corrected` timeline event keeps it (lead_events:
 * `from` and `to` hold the old and new values as JSON): the lead's timeline names the fields, and
 * the audit log's page shows the values beside the entry that names the event. Here, in the audit
 * log's module, because the audit log reads it and imports no domain; the lead inbox writes the
 * events (server/leads/inbox/lead-corrections.ts).
 */
import type { Transaction } from "kysely";
import { CORRECTABLE_FIELDS, type CorrectableField } from "../../staff-api/lead-timeline";
import type { DB } from "../db/database";
import type { Database } from "../db/schema";

type Executor = DB | Transaction<Database>;

/** Corrected values by field, as the public form's rules wrote them (trimmed, normalised). */
export type Correction = Partial<Record<CorrectableField, string>>;

/** A `corrected` event's fields, read from its stored `to` (JSON of the new values). */
export function correctedFields(to: string | null): CorrectableField[] {
  const values = parseValues(to);
  return CORRECTABLE_FIELDS.filter((field) => values[field] !== undefined);
}

function parseValues(text: string | null): Correction {
  try {
    const value: unknown = JSON.parse(text ?? "{}");
    return typeof value === "object" && value !== null ? (value as Correction) : {};
  } catch {
    return {};
  }
}

/**
 * The old and new values of the `corrected` events with these ids (audit entries name them), for
 * the audit log's page; an event gone with its erased lead is not among them.
 */
export async function correctionsByEvent(
  db: Executor,
  eventIds: string[],
): Promise<Map<string, Record<string, { from: string; to: string }>>> {
  if (!eventIds.length) return new Map();
  const rows = await db
    .selectFrom("lead_events")
    .select(["id", "from", "to"])
    .where("kind", "=", "corrected")
    .where("id", "in", eventIds)
    .execute();
  return new Map(
    rows.map((row) => {
      const from = parseValues(row.from);
      const to = parseValues(row.to);
      const changes = correctedFields(row.to).map((field) => [
        field,
        { from: from[field] ?? "", to: to[field] ?? "" },
      ]);
      return [row.id, Object.fromEntries(changes)];
    }),
  );
}
