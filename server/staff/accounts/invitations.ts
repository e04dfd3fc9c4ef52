/**
 * An admin's invitation of a member of staff: a sign-in link that works for days rather than
 * minutes, in an e-mail of its own that says who invited them and with which role. Sent with a
 * new account, and again on request until the account is first signed in (accounts-admin.ts
 * inviteAccount, resendInvitation). The account keeps when its latest invitation went and who sent it (migration 0015).
 */
import { consolePaths } from "../../../common/paths";
import type { Transaction } from "kysely";
import type { Database, OutboxKind } from "../../db/schema";
import { enqueueMail } from "../../mail/outbox";
import { staffInvitation } from "../../mail/emails/staff-invitation";
import { ROLE_DUTIES, ROLE_LABELS, type StaffRole } from "../../../staff-api/roles";
import { newSignInToken, signInUrl } from "../sign-in/sign-in";
import { INVITATION_DAYS } from "../../../staff-api/admin";
import type { ChangedBy } from "./accounts";

// Long enough for someone who is away for a few days; the console's messages say it too.
const INVITATION_MS = INVITATION_DAYS * 24 * 60 * 60_000;

/** The outbox kind of the invitation e-mail (a sign-in e-mail's is "staff-sign-in"). */
export const INVITATION_MAIL_KIND = "staff-invitation" satisfies OutboxKind;

type Invitation = Required<Pick<ChangedBy, "actor" | "now">> & { publicUrl: string };

/**
 * Mails the account its invitation, in the caller's transaction: a new link (voiding its earlier
 * ones), and the account marked invited now by the actor. False, and nothing sent, when the
 * account has been disabled meanwhile.
 */
export async function sendInvitation(
  trx: Transaction<Database>,
  account: { id: string; email: string; name: string; role: StaffRole },
  { actor, now, publicUrl }: Invitation,
): Promise<boolean> {
  const token = await newSignInToken(trx, account.id, { now, validMs: INVITATION_MS });
  if (!token) return false;
  const inviter = actor
    ? await trx
        .selectFrom("staff_accounts")
        .select(["name", "email"])
        .where("id", "=", actor.id)
        .executeTakeFirst()
    : undefined;
  const at = now.toISOString();
  await enqueueMail(trx, {
    kind: INVITATION_MAIL_KIND,
    leadId: account.id,
    message: await staffInvitation({
      email: account.email,
      name: account.name,
      // The link lands on the console's welcome (console/pages/first-sign-in.tsx).
      signInUrl: signInUrl(publicUrl, token, consolePaths.firstSignIn),
      invitation: {
        inviter: inviter?.name || inviter?.email || actor?.email || "An admin",
        roleLabel: ROLE_LABELS[account.role],
        roleDuties: ROLE_DUTIES[account.role],
        validDays: INVITATION_DAYS,
      },
    }),
    now: at,
  });
  await trx
    .updateTable("staff_accounts")
    .set({ invited_at: at, invited_by: actor?.id ?? null })
    .where("id", "=", account.id)
    .execute();
  return true;
}
