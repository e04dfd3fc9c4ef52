import type { StaffRole } from "../../server/staff/roles";

/** A member of staff a lead can be given to (GET /api/staff/team). */
export interface TeamMember {
  email: string;
  name: string;
  role: StaffRole;
}
