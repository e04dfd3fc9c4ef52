/** A run's counts in plain words, as `npm run leads -- retention` prints them. */
import { RETENTION_VARIABLES, type RetentionPeriods } from "../../../common/retention";
import type { RetentionCounts } from "./run";

/** What each kind of change is, in the past tense: one, and more than one. */
const DONE: Record<keyof RetentionCounts, [string, string]> = {
  contact_messages: ["closed contact message anonymised", "closed contact messages anonymised"],
  demo_requests: ["closed demo request anonymised", "closed demo requests anonymised"],
  lead_events: [
    "note or correction of those leads blanked",
    "notes and corrections of those leads blanked",
  ],
  pending_subscriptions: [
    "newsletter sign-up never confirmed deleted",
    "newsletter sign-ups never confirmed deleted",
  ],
  deleted_messages: ["e-mail to those sign-ups deleted", "e-mails to those sign-ups deleted"],
  message_bodies: [
    "sent or failed message's body removed",
    "sent or failed messages' bodies removed",
  ],
};

export function describeRun(
  counts: RetentionCounts,
  { asOf, periods, dryRun }: { asOf: Date; periods: RetentionPeriods; dryRun: boolean },
): string {
  const settings = (Object.keys(RETENTION_VARIABLES) as (keyof RetentionPeriods)[])
    .map((key) => `${RETENTION_VARIABLES[key]}=${periods[key]}`)
    .join(", ");
  const day = asOf.toISOString().slice(0, 10);
  const head = dryRun
    ? `Dry run as of ${day} (${settings}): nothing was changed. A run would leave:`
    : `Retention as of ${day} (${settings}):`;
  const lines = (Object.keys(DONE) as (keyof RetentionCounts)[]).map((kind) => {
    const [one, more] = DONE[kind];
    return `  ${counts[kind]} ${counts[kind] === 1 ? one : more}`;
  });
  const none = Object.values(counts).every((count) => count === 0);
  return `${head}\n${lines.join("\n")}\n${none ? "Nothing had expired.\n" : ""}`;
}
