/** The table of leads told apart (migration 0022, server/leads/duplicates/), beside schema.ts. */

/**
 * Two leads a member of staff said are not the same customer: their API ids, the smaller first,
 * so a pair is one row whichever lead it was marked from.
 */
export interface LeadDistinctPairTable {
  lead_a: string;
  lead_b: string;
  marked_at: string;
  /** Who marked them; null once their account is gone. */
  marked_by: string | null;
}

/** The duplicates' tables, as `Database` (schema.ts) lists them. */
export interface LeadDuplicateTables {
  lead_distinct_pairs: LeadDistinctPairTable;
}
