/** What each role is for: admin manages accounts, sales and marketing work with leads. */
export const STAFF_ROLES = ["admin", "sales", "marketing"] as const;

/** A member of staff's role; the database stores it as this text (server/db/schema.ts). */
export type StaffRole = (typeof STAFF_ROLES)[number];

/** A role's name in words: the console's pickers, and the invitation e-mail. */
export const ROLE_LABELS: Record<StaffRole, string> = {
  admin: "Admin",
  sales: "Sales",
  marketing: "Marketing",
};

/** What a role gives access to, in a few words: the invite form's picker, the invitation e-mail. */
export const ROLE_DUTIES: Record<StaffRole, string> = {
  admin: "everything, and staff accounts",
  sales: "the leads",
  marketing: "the newsletter, its campaigns and what the website publishes",
};

/**
 * Who does each kind of work, written once: every endpoint's roles and every server query for a
 * team (the brake's alert goes to whoever may resume a campaign) name one of these. Admins are in
 * each, by name, since `roleAllows()` gives them no implicit pass.
 */
export const ADMIN_ROLES = ["admin"] as const;
/** The leads' work: the inbox, and owning a lead. */
export const SALES_ROLES = ["sales", "admin"] as const;
/** The newsletter's work: subscribers, campaigns, the suppression list and marketing's reports. */
export const MARKETING_ROLES = ["marketing", "admin"] as const;

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

/**
 * Whether a member of staff with `role` may use a route that allows `allowed`. No roles listed
 * means any signed-in member of staff. Admins get no implicit pass: a route that admins may use
 * lists "admin", so what each role can do is read off the route.
 */
export function roleAllows(role: StaffRole, allowed: readonly StaffRole[]): boolean {
  return allowed.length === 0 || allowed.includes(role);
}
