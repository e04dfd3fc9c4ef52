/**
 * The list pages' side of a refusal as stale (console/stale.ts), for a staff account's row and a
 * subscriber's: what the row's forms read of their record, and what to say when it changed since
 * the list was read.
 */
import type { StaffAccount } from "../staff-api/admin";
import type { Subscriber } from "../staff-api/subscribers";
import type { StaffRole } from "../staff-api/roles";
import { ROLE_LABELS } from "./labels";
import { type Read, changedWhileOpen, entityTag, wasIn } from "./stale";

/** What a change of an account is made on: its role, state and latest invitation as listed. */
export const accountRead = (
  account: StaffAccount,
): Read<Record<string, string | boolean | null>> => ({
  record: { role: account.role, disabled: account.disabled, invitedAt: account.invitedAt },
  version: entityTag(account.version),
});

/**
 * "Another admin changed Yaw (yaw@example.com) while you had it open: its role is now
 * Marketing. Your change was not made. …": the role, the state and a new invitation, each when
 * it changed; an invitation sent again names who sent it and when.
 */
export function accountChangedMeanwhile(form: FormData, current: StaffAccount): string {
  const changes: string[] = [];
  if (current.role !== wasIn(form, "role")) {
    changes.push(`its role is now ${ROLE_LABELS[current.role as StaffRole] ?? current.role}`);
  }
  if (String(current.disabled) !== wasIn(form, "disabled")) {
    changes.push(current.disabled ? "it is now disabled" : "it is now enabled");
  }
  const invited = (current.invitedAt ?? "") !== wasIn(form, "invitedAt");
  if (invited) changes.push("its invitation was sent again (the link sent before no longer works)");
  const who = invited && changes.length === 1 ? current.invitedBy : "Another admin";
  return changedWhileOpen({
    who,
    record: current.name ? `${current.name} (${current.email})` : current.email,
    at: invited && changes.length === 1 ? current.invitedAt : null,
    changes,
    notMade: "Your change was not made.",
    next: "The list now shows the account as it is: make your change again if it still applies.",
  });
}

/** What a change of a subscriber is made on: their state as listed. */
export const subscriberRead = (subscriber: Subscriber): Read<Record<string, string>> => ({
  record: { status: subscriber.status },
  version: entityTag(subscriber.version),
});

/**
 * "Someone changed this subscriber at 7 Dec 2026, 14:05 Accra time while you had it open: they
 * have unsubscribed. The new address was not sent anything. …"
 */
export function subscriberChangedMeanwhile(form: FormData, current: Subscriber): string {
  const was = wasIn(form, "status");
  const left = current.status === "unsubscribed" && was !== "unsubscribed";
  const confirmed = current.status === "confirmed" && was !== "confirmed";
  const changes = left
    ? ["they have unsubscribed"]
    : confirmed
      ? ["they have confirmed their subscription"]
      : [];
  return changedWhileOpen({
    who: "Someone",
    record: `the subscriber ${current.email}`,
    at: left ? current.unsubscribedAt : confirmed ? current.confirmedAt : null,
    changes,
    notMade: "The new address was not sent anything.",
    next: left
      ? "Only they can sign up again, on the site."
      : "Reload the list to act on them as they now are.",
  });
}
