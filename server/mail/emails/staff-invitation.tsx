/**
 * The e-mail of an admin's invitation (server/staff/admin/invitations.ts): who invited the person,
 * with which role and what it gives access to, and the link that signs them in for the first time.
 */
import { site } from "../../../common/site";
import { type MailMessage, oneLine } from "../message";
import type { RenderedEmail } from "./parts";
import {
  type SignInRecipient,
  type SignInWords,
  SignInEmail,
  renderSignInEmail,
  signInMessage,
} from "./sign-in-mail";

export interface Invitation {
  inviter: string;
  roleLabel: string;
  roleDuties: string;
  validDays: number;
}

function wordsOf({ inviter, roleLabel, roleDuties, validDays }: Invitation): SignInWords {
  return {
    subject: `${oneLine(inviter)} invited you to the ${site.name} staff console`,
    lead: [
      `${inviter} invited you to the ${site.name} staff console as ${roleLabel}: you will have access to ${roleDuties}.`,
    ],
    validity: `within ${validDays} days`,
    ifUnexpected: "If you did not expect it",
  };
}

export interface StaffInvitationProps extends SignInRecipient {
  invitation: Invitation;
}

export function StaffInvitationEmail({ invitation, ...recipient }: StaffInvitationProps) {
  return <SignInEmail {...recipient} words={wordsOf(invitation)} />;
}

export function renderStaffInvitation({
  invitation,
  ...recipient
}: StaffInvitationProps): Promise<RenderedEmail> {
  return renderSignInEmail(recipient, wordsOf(invitation));
}

export function staffInvitation(
  email: string,
  name: string,
  signInUrl: string,
  invitation: Invitation,
): Promise<MailMessage> {
  return signInMessage({ email, name, signInUrl }, wordsOf(invitation));
}
