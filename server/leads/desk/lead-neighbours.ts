/**
 * A lead's neighbours in a filtered list of the inbox: the lead shown just before it (newer) and
 * just after it (older), in the list's keyset order, (created_at, id) newest first
 * (../inbox/lead-query.ts). The lead page's "Previous lead" and "Next lead" walk the list it
 * was opened from without reading the list again.
 */
import type { LeadNeighbours } from "../../../staff-api/leads";
import { leadKey } from "../../../leads/workflow";
import type { DB } from "../../db/database";
import {
  type Direction,
  type LeadFilters,
  type LeadRow,
  findLeadRow,
  selectLeads,
} from "../inbox/lead-query";

/**
 * The neighbours of lead `key` among the leads `filters` match, by their API ids (null at either
 * end); null when there is no such lead. The lead itself need not match the filters: its place
 * in the order is enough, so a lead whose status changed since the list was read still leads on.
 */
export async function leadNeighbours(
  db: DB,
  key: string,
  filters: LeadFilters,
): Promise<LeadNeighbours | null> {
  const lead = await findLeadRow(db, key);
  if (!lead) return null;
  const cursor = { createdAt: lead.created_at, id: lead.id };
  const nearest = async (direction: Direction) => {
    const [row]: LeadRow[] = await selectLeads(db, filters, { cursor, limit: 1, direction });
    return row ? leadKey(row.type, row.id) : null;
  };
  const [previous, next] = await Promise.all([nearest("newer"), nearest("older")]);
  return { previous, next };
}
