import { type TeamMember, staffName } from "../../staff-api/admin";
import { EmailAddress } from "./email-address";

/**
 * The member of staff with `address`, as the team the page loaded names them; null when the team
 * does not know the address (an account gone since).
 */
export const memberOf = (team: readonly TeamMember[], address: string) =>
  team.find((member) => member.email === address) ?? null;

/** How a sentence names the member of staff with `address`: their name, else the address. */
export function nameOf(team: readonly TeamMember[], address: string | null): string {
  if (address === null) return "nobody";
  const member = memberOf(team, address);
  return member ? staffName(member) : address;
}

/**
 * A member of staff by name, their address in its tooltip; the address itself (read left to
 * right) when the team does not know it, or "nobody" for none. The API names staff by address and
 * the console by the team's names (docs/decisions/0061).
 */
export function StaffName({
  address,
  team,
}: {
  address: string | null;
  team: readonly TeamMember[];
}) {
  if (address === null) return "nobody";
  const member = memberOf(team, address);
  return member?.name ? (
    <span dir="auto" title={address}>
      {member.name}
    </span>
  ) : (
    <EmailAddress>{address}</EmailAddress>
  );
}
