/**
 * STAFF_EMAIL_DOMAINS: when the company sets it, a new staff account's address must be at one of
 * its domains, whether the account is added from the command line (accounts.ts addAccount) or
 * invited from the console (accounts-admin.ts inviteAccount). Accounts made before it was set,
 * or at a domain since removed, keep working: they are listed, and an admin disables one that
 * should go. Asking for a sign-in link is not checked: its answer is the same for every address.
 */
import { domainToASCII } from "node:url";

/** The domains as a message lists them: "a.com", "a.com or b.com", "a.com, b.com or c.com". */
function listed(domains: readonly string[]): string {
  return domains.length > 1
    ? `${domains.slice(0, -1).join(", ")} or ${domains.at(-1)}`
    : (domains[0] ?? "");
}

/**
 * What is wrong with `email` (normalised) as a new account's address: not at one of `domains`
 * exactly (a subdomain is another domain); the message names the allowed ones. Nothing when
 * `domains` is empty. An address at an internationalised domain is compared by its ASCII (xn--)
 * form, as the setting is written.
 */
export function staffDomainProblem(email: string, domains: readonly string[]): string | undefined {
  if (!domains.length) return undefined;
  const domain = domainToASCII(email.slice(email.lastIndexOf("@") + 1)).toLowerCase();
  if (domains.includes(domain)) return undefined;
  return `Staff accounts must use an address at ${listed(domains)}.`;
}
