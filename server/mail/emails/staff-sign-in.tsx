/**
 * A member of staff's sign-in link. It opens a page of the site whose button signs in: opening
 * the link (as mail scanners do) signs nobody in. Carries nothing typed by whoever asked for it
 * but, in the link, the console page to open afterwards, once checked (sign-in.ts signInUrl).
 */
import { site } from "../../../common/site";
import { type SignInRecipient, signInKind } from "./sign-in-mail";

const staffSignIn = signInKind(({ validMinutes }: { validMinutes: number }) => ({
  subject: `Sign in to the ${site.name} staff console`,
  lead: [],
  validity: `for ${validMinutes} minutes`,
  ifUnexpected: "If you did not ask for it",
}));

export type StaffSignInProps = SignInRecipient & { validMinutes: number };

export const StaffSignInEmail = staffSignIn.Email;
export const renderStaffSignIn = staffSignIn.render;

/** The outbox message of a sign-in link, valid for `validMinutes`. */
export const staffSignInLink = staffSignIn.message;
