import type { Kysely, Migration } from "kysely";

/**
 * Who invited a staff account and when (server/staff/accounts/invitations.ts), for the accounts list's
 * "Invited … by …" and its "Send the invitation again":
 *
 * - `staff_accounts.invited_at`: when its latest invitation was sent; null for an account added
 *   from the command line and never invited from the console.
 * - `staff_accounts.invited_by`: the admin who sent it. Deleting that admin's account leaves the
 *   invitation without a name rather than holding the deletion up.
 *
 * The accounts invited before this migration get both from their `staff.account-added` entry in
 * the audit log (which says `signInLinkSent`, with the inviting admin as its actor). An invitation
 * link needs no column of its own: it is a sign-in link with a later `expires_at`. See
 * docs/decisions/0026-invitations.md.
 */
export const staffInvitations: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("staff_accounts").addColumn("invited_at", "text").execute();
    await db.schema
      .alterTable("staff_accounts")
      .addColumn("invited_by", "text", (c) =>
        c.references("staff_accounts.id").onDelete("set null"),
      )
      .execute();
    await backfillInvitations(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("staff_accounts").dropColumn("invited_by").execute();
    await db.schema.alterTable("staff_accounts").dropColumn("invited_at").execute();
  },
};

type Store = Kysely<{
  audit_log: {
    at: string;
    actor_id: string | null;
    record_id: string | null;
    action: string;
    record_type: string | null;
    detail: string;
  };
  staff_accounts: { id: string; invited_at: string | null; invited_by: string | null };
}>;

async function backfillInvitations(untyped: Kysely<unknown>) {
  const db = untyped as unknown as Store;
  const added = await db
    .selectFrom("audit_log")
    .select(["at", "actor_id", "record_id", "detail"])
    .where("action", "=", "staff.account-added")
    .where("record_type", "=", "staff_account")
    .execute();
  const accounts = new Set(
    (await db.selectFrom("staff_accounts").select("id").execute()).map((row) => row.id),
  );
  for (const entry of added) {
    if (!entry.record_id || !accounts.has(entry.record_id) || !invitationSent(entry.detail)) {
      continue;
    }
    await db
      .updateTable("staff_accounts")
      .set({
        invited_at: entry.at,
        invited_by: entry.actor_id && accounts.has(entry.actor_id) ? entry.actor_id : null,
      })
      .where("id", "=", entry.record_id)
      .execute();
  }
}

/** Whether an `staff.account-added` entry's detail says a sign-in link went with it. */
function invitationSent(detail: string): boolean {
  try {
    return (JSON.parse(detail) as { signInLinkSent?: unknown }).signInLinkSent === true;
  } catch {
    return false;
  }
}
