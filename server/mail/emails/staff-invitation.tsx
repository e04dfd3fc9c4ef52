/**
 * The e-mail of an admin's invitation (server/staff/accounts/invitations.ts): who invited the person,
 * with which role and what it gives access to, and the link that signs them in for the first time.
 */
import { site } from "../../../common/site";
import { oneLine } from "../message";
import { type SignInRecipient, signInKind } from "./sign-in-mail";

export interface Invitation {
  inviter: string;
  roleLabel: string;
  roleDuties: string;
  validDays: number;
}

const staffInvitationKind = signInKind(({ invitation }: { invitation: Invitation }) => ({
  subject: `${oneLine(invitation.inviter)} invited you to the ${site.name} staff console`,
  lead: [
    `${invitation.inviter} invited you to the ${site.name} staff console as ${invitation.roleLabel}: you will have access to ${invitation.roleDuties}.`,
  ],
  validity: `within ${invitation.validDays} days`,
  ifUnexpected: "If you did not expect it",
}));

export type StaffInvitationProps = SignInRecipient & { invitation: Invitation };

export const StaffInvitationEmail = staffInvitationKind.Email;
export const renderStaffInvitation = staffInvitationKind.render;

/** The outbox message of an invitation: a sign-in link that names who invited them and why. */
export const staffInvitation = staffInvitationKind.message;
