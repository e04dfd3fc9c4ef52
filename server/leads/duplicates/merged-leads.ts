/**
 * What a lead's page shows of merges (migration 0022): the lead it was merged into, if any, and
 * the timeline events of the leads merged into it, which stay on their own leads (erasing one
 * person's lead erases its notes, whoever's lead they show on) and are read with it.
 */
import type { Selectable, Transaction } from "kysely";
import { leadKey } from "../../../leads/workflow";
import type { DB } from "../../db/database";
import type { Database, LeadEventTable } from "../../db/schema";
import { type LeadRef, duplicatesOf } from "./links";

type Executor = DB | Transaction<Database>;

/** The lead's place among its customer's leads, as its page shows it. */
export interface LeadLinks {
  /** The open leads that look like the same customer's (links.ts). */
  duplicates: string[];
  /** The API id of the lead this one was merged into; null while it stands on its own. */
  mergedInto: string | null;
  /**
   * The events of the leads merged into this one, for its timeline: all but the `merged` events
   * each recorded of itself going into another, which that other lead (this one, or one merged
   * into it) records too.
   */
  mergedEvents: Selectable<LeadEventTable>[];
}

/** The lead's duplicates, the lead it was merged into, and the events of those merged into it. */
export async function leadLinks(db: Executor, lead: LeadRef): Promise<LeadLinks> {
  const key = leadKey(lead.type, lead.id);
  const state = await db
    .selectFrom("lead_states")
    .select("merged_into")
    .where("lead_type", "=", lead.type)
    .where("lead_id", "=", lead.id)
    .executeTakeFirst();
  const events = await db
    .selectFrom("lead_events as e")
    .innerJoin("lead_states as s", (join) =>
      join.onRef("s.lead_type", "=", "e.lead_type").onRef("s.lead_id", "=", "e.lead_id"),
    )
    .selectAll("e")
    .where("s.merged_into", "=", key)
    .orderBy("e.at")
    .orderBy("e.id")
    .execute();
  const duplicates = (await duplicatesOf(db, [lead])).get(key) ?? [];
  return {
    duplicates,
    mergedInto: state?.merged_into ?? null,
    // Each merge once: as the lead it went into recorded it (this lead's own, for those into it).
    mergedEvents: events.filter(
      (e) => e.kind !== "merged" || e.to === leadKey(e.lead_type, e.lead_id),
    ),
  };
}
