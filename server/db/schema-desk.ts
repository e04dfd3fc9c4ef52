/** The tables of the sales desk (migration 0023, server/leads/desk/), beside schema.ts. */

/** An account's last view of the lead inbox, and where its visit's marks start (0023). */
export interface StaffInboxVisitTable {
  account_id: string;
  seen_at: string;
  /** Leads created after this are new to the visit; null on the account's first visit. */
  since: string | null;
}

/** One of a person's saved filters of the inbox: a name and its search string (0023). */
export interface StaffSavedFilterTable {
  id: string;
  account_id: string;
  name: string;
  /** The inbox's search string without "?" (staff-api/saved-filters.ts normalFilterQuery). */
  query: string;
  created_at: string;
}

/** The sales desk's tables, as `Database` (schema.ts) lists them. */
export interface SalesDeskTables {
  staff_inbox_visits: StaffInboxVisitTable;
  staff_saved_filters: StaffSavedFilterTable;
}
