/**
 * A member of staff's sign-in link. It opens a page of the site whose button signs in: opening
 * the link (as mail scanners do) signs nobody in. Carries nothing typed by whoever asked for it
 * but, in the link, the console page to open afterwards, once checked (sign-in.ts signInUrl).
 */
import { site } from "../../../common/site";
import type { MailMessage } from "../message";
import type { RenderedEmail } from "./parts";
import {
  type SignInRecipient,
  type SignInWords,
  SignInEmail,
  renderSignInEmail,
  signInMessage,
} from "./sign-in-mail";

function wordsOf(validMinutes: number): SignInWords {
  return {
    subject: `Sign in to the ${site.name} staff console`,
    lead: [],
    validity: `for ${validMinutes} minutes`,
    ifUnexpected: "If you did not ask for it",
  };
}

export interface StaffSignInProps extends SignInRecipient {
  validMinutes: number;
}

export function StaffSignInEmail({ validMinutes, ...recipient }: StaffSignInProps) {
  return <SignInEmail {...recipient} words={wordsOf(validMinutes)} />;
}

export function renderStaffSignIn({
  validMinutes,
  ...recipient
}: StaffSignInProps): Promise<RenderedEmail> {
  return renderSignInEmail(recipient, wordsOf(validMinutes));
}

export function staffSignInLink(
  email: string,
  name: string,
  signInUrl: string,
  validMinutes: number,
): Promise<MailMessage> {
  return signInMessage({ email, name, signInUrl }, wordsOf(validMinutes));
}
