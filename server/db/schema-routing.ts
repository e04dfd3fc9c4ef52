/** The tables of lead routing (migration 0021, server/leads/routing/), beside schema.ts. */
import type { ColumnType, Generated } from "kysely";
import type { LeadType } from "../../leads/workflow";

/** The routing rules' version, their ETag: one row, id "rules" (migration 0021). */
export interface LeadRoutingTable {
  id: string;
  version: number;
  updated_at: string | null;
  updated_by: string | null;
}

/**
 * One routing rule, in `position` order (server/leads/routing/): a lead of `lead_type` (of
 * `product`, or any when null) goes to `owner_account_id`, or, when that is null, to the next
 * available member of its rotation (lead_routing_members) from `next_turn` on (migration 0021).
 */
export interface LeadRoutingRuleTable {
  id: string;
  position: number;
  lead_type: LeadType;
  product: string | null;
  owner_account_id: string | null;
  /** The rotation's place: the position of the member whose turn is next. */
  next_turn: Generated<number>;
  /** 1: a rotation whose overdue lead goes to its next available member (migration 0024). */
  reassign_overdue: Generated<number>;
}

/** A member of a rule's rotation, at its place in the rotation's order (migration 0021). */
export interface LeadRoutingMemberTable {
  rule_id: string;
  position: number;
  account_id: string;
}

/** The routing tables, as `Database` (schema.ts) lists them. */
export interface LeadRoutingTables {
  lead_routing: LeadRoutingTable;
  lead_routing_rules: LeadRoutingRuleTable;
  lead_routing_members: LeadRoutingMemberTable;
}

/** A staff account's column of routing (staff_accounts, schema.ts). */
export interface StaffAwayColumn {
  /** Since when they marked themselves away (a rotation skips them); null when here (0021). */
  away_since: ColumnType<string | null, string | null | undefined, string | null>;
}
