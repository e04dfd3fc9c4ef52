/**
 * The audit log in words: every action's label (the filter's choices; the labels live in
 * staff-api/audit-labels.ts, which the access request's page reads too) and what its entry says
 * after the name of who acted ("changed the status of a lead from New to Qualified"), built from
 * the entry's detail. Typed by the contract's AuditAction: an action without words fails the
 * build. What each entry keeps is listed with the routes that record it (the areas' READMEs,
 * such as server/staff/accounts/README.md); a detail written before a field existed leaves that
 * part out.
 */
import { type ReactNode, createContext, useContext } from "react";
import type { TeamMember } from "../staff-api/admin";
import type { LeadStatus } from "@leads/workflow";
import type { AuditAction, AuditItem } from "../staff-api/audit";
import { AUDIT_ACTION_LABELS } from "../staff-api/audit-labels";
import { CORRECTABLE_LABELS } from "../staff-api/lead-labels";
import { type CorrectableField } from "../staff-api/lead-timeline";
import type { SuppressionReason } from "../staff-api/mail";
import type { StaffRole } from "../staff-api/roles";
import { StaffName } from "./components/staff-name";
import { formatDateTime } from "./format";
import { ROLE_LABELS, STATUS_LABELS, SUPPRESSION_REASON_LABELS } from "./labels";

type Detail = Record<string, unknown>;

interface Words {
  /** The action's name (staff-api/audit-labels.ts, shared with the access request's page). */
  label: string;
  /** The sentence after the actor's name. */
  says: (detail: Detail) => ReactNode;
}

/** Text someone typed (an address, a name), in its own direction. */
export function Typed({ text }: { text: string }) {
  return <span dir="auto">{text}</span>;
}

const count = (value: unknown) => (typeof value === "number" ? value : null);

/** "1 lead", "120 leads"; "" when the detail has no count. */
function many(value: unknown, one: string, more = `${one}s`): string {
  const n = count(value);
  return n === null ? "" : ` ${n} ${n === 1 ? one : more}`;
}

/**
 * The team as the audit page loaded it, so that an entry names staff by name (an account gone
 * since by its address), as the rest of the console does.
 */
export const AuditTeam = createContext<readonly TeamMember[]>([]);

/** A member of staff a detail names by address, by their name; "nobody" for none. */
function Staff({ address }: { address: unknown }) {
  const team = useContext(AuditTeam);
  return <StaffName address={typeof address === "string" ? address : null} team={team} />;
}

/** A detail's address, or what stands for it when the entry has none. */
function who(detail: Detail, none = "an account"): ReactNode {
  return typeof detail.email === "string" ? <Typed text={detail.email} /> : none;
}

const role = (value: unknown) => ROLE_LABELS[value as StaffRole] ?? String(value ?? "?");
const status = (value: unknown) => STATUS_LABELS[value as LeadStatus] ?? String(value ?? "?");

/**
 * The filters a list or export was read with, as the log keeps them (a search only as its
 * length, an owner as an account id): " (filters: status won, q 5 characters)"; "" for none.
 */
function filters(detail: Detail): string {
  const kept = detail.filters;
  if (typeof kept !== "object" || kept === null) return "";
  const pairs = Object.entries(kept).map(([name, value]) => `${name} ${String(value)}`);
  return pairs.length ? ` (filters: ${pairs.join(", ")})` : "";
}

/** Which page of a list: later pages are "Show more". */
/** To whom test copies went: the count, and whether the sender was among them (never who). */
const testCopiesTo = (detail: Detail) =>
  count(detail.addresses) === null
    ? ""
    : ` to${many(detail.addresses, "address", "addresses")}${detail.toSelf ? ", their own among them" : ""}`;

/** A correctable field's name in a sentence ("phone", "e-mail"); an unknown one as it is. */
const fieldName = (field: unknown) =>
  (CORRECTABLE_LABELS[field as CorrectableField] ?? String(field)).toLowerCase();

/**
 * What a correction changed: each field's old and new value, which the page looks up in the
 * lead's history (gone with the lead on erasure); else only the fields' names, as the log keeps.
 */
function corrections(detail: Detail): ReactNode {
  const changed = changes(detail);
  if (changed) return <>corrected a lead&apos;s details: {changed}</>;
  const fields = Array.isArray(detail.fields) ? detail.fields.map(fieldName) : [];
  return `corrected a lead's details${fields.length ? ` (${fields.join(", ")})` : ""}`;
}

/** "phone from A to B; e-mail from C to D", as the page looked them up; null without them. */
function changes(detail: Detail): ReactNode {
  const changes = detail.changes;
  if (typeof changes !== "object" || changes === null) return null;
  const rows = Object.entries(changes as Record<string, { from?: unknown; to?: unknown }>);
  return rows.map(([field, { from, to }], index) => (
    <span key={field}>
      {index ? "; " : ""}
      {fieldName(field)} from <Typed text={String(from ?? "") || "(empty)"} /> to{" "}
      <Typed text={String(to ?? "") || "(empty)"} />
    </span>
  ));
}

/**
 * A subscriber's new address, confirmed: the old and new address as the page looked them up in
 * the two subscriptions (gone once either address is erased).
 */
function addressChanged(detail: Detail): ReactNode {
  const changed = changes(detail);
  return changed ? <>confirmed a new address: {changed}</> : "confirmed a new address";
}

/** How an access request found its person: "phone number and e-mail address" when narrowed. */
const keyWords = (detail: Detail) =>
  detail.by === "phone"
    ? `phone number${detail.narrowed ? " and e-mail address" : ""}`
    : "e-mail address";

const page = (detail: Detail) => (detail.page === "next" ? ", a further page" : "");

const SIGN_IN_FAILURES: Record<string, string> = {
  unknown: "with a link that does not exist",
  used: "with a link used already",
  voided: "with a link no longer valid",
  expired: "with an expired link",
  "account-disabled": "to a disabled account",
  "unknown-credential": "with a passkey the console does not know",
};

/** " (3 sessions ended)"; "" without a count. */
const ended = (detail: Detail) =>
  count(detail.sessionsRevoked) === null
    ? ""
    : ` (${many(detail.sessionsRevoked, "session").trim()} ended)`;

const list = (what: string) => (detail: Detail) =>
  `viewed ${what}${filters(detail)}${page(detail)}`;
const exported = (one: string, more?: string) => (detail: Detail) =>
  `exported${many(detail.rows, one, more) || ` ${more ?? `${one}s`}`}${filters(detail)}`;

export const AUDIT_WORDS: Record<AuditAction, Omit<Words, "label">> = {
  "staff.sign-in": {
    says: (d) => `signed in ${d.method === "passkey" ? "with a passkey" : "with an e-mailed link"}`,
  },
  "staff.sign-in-failed": {
    says: (d) =>
      `was refused signing in ${SIGN_IN_FAILURES[String(d.reason)] ?? `(${String(d.reason)})`}`,
  },
  "staff.sign-out": { says: () => "signed out" },
  "staff.sign-out-everywhere": { says: (d) => `signed out everywhere${ended(d)}` },
  "staff.account-added": {
    says: (d) => (
      <>
        {d.via === "console" ? "invited " : "added the account "}
        {who(d)} as {role(d.role)}
      </>
    ),
  },
  "staff.invitation-resent": {
    says: (d) => (
      <>
        sent the invitation again to {who(d)} as {role(d.role)}
      </>
    ),
  },
  "staff.role-changed": {
    says: (d) => (
      <>
        changed the role of {who(d)} from {role(d.from)} to {role(d.to)}
      </>
    ),
  },
  "staff.renamed": { says: (d) => <>renamed the account of {who(d)}</> },
  "staff.disabled": { says: (d) => <>disabled the account of {who(d)}</> },
  "staff.enabled": { says: (d) => <>enabled the account of {who(d)} again </> },
  "staff.away-changed": {
    says: (d) => (d.away === true ? "marked themselves away" : "marked themselves back"),
  },
  "account.list": { says: () => "viewed the list of accounts" },
  "account.view": { says: () => "viewed an account" },
  "lead.list": { says: list("the lead list") },
  "lead.stats": { says: list("the lead counts") },
  "lead.export": { says: exported("lead") },
  "lead.view": { says: () => "viewed a lead" },
  "lead.status-changed": {
    says: (d) => `changed the status of a lead from ${status(d.from)} to ${status(d.to)}`,
  },
  "lead.owner-changed": {
    says: (d) => (
      <>
        changed the owner of a lead from <Staff address={d.from} /> to <Staff address={d.to} />
      </>
    ),
  },
  "lead.note-added": { says: () => "added a note to a lead" },
  "lead.corrected": { says: corrections },
  "lead.replied": { says: () => "e-mailed a reply to a lead" },
  "lead.merged": {
    says: (d) => `merged a lead into ${typeof d.into === "string" ? d.into : "another lead"}`,
  },
  "lead.marked-distinct": {
    says: (d) =>
      `marked a lead as another customer's than ${typeof d.from === "string" ? d.from : "a lead"}`,
  },
  "passkey.added": { says: () => "added a passkey to their account" },
  "passkey.renamed": { says: () => "renamed one of their passkeys" },
  "passkey.removed": { says: (d) => `removed one of their passkeys${ended(d)}` },
  "subscriber.list": { says: list("the subscriber list") },
  "subscriber.export": { says: exported("subscriber") },
  "subscriber.count": { says: list("the subscriber counts") },
  "subscriber.confirmation-resent": {
    says: () => "sent a subscriber the confirmation e-mail again",
  },
  "subscriber.unsubscribed": { says: () => "unsubscribed a subscriber from the newsletter" },
  "subscriber.consent-viewed": { says: () => "viewed a subscriber's consent record" },
  "subscriber.view": { says: () => "viewed a subscriber, refused a change made on an older page" },
  "subscriber.address-change-sent": {
    says: () => "sent the confirmation e-mail to a subscriber's new address",
  },
  "subscriber.address-changed": { says: addressChanged },
  "audit.viewed": { says: list("the audit log") },
  "audit.export": { says: exported("audit log entry", "audit log entries") },
  "person.erased": {
    says: (d) => {
      const erased =
        typeof d.erased === "object" && d.erased !== null ? Object.values(d.erased) : [];
      const rows = erased.reduce<number>((sum, n) => sum + (count(n) ?? 0), 0);
      return `erased everything stored about a person (${many(rows, "record").trim()})`;
    },
  },
  "retention.ran": {
    says: (d) => {
      const counts = (typeof d.counts === "object" && d.counts !== null ? d.counts : {}) as Detail;
      const leads = (count(counts.contact_messages) ?? 0) + (count(counts.demo_requests) ?? 0);
      const done = [
        leads ? `anonymised${many(leads, "closed lead")}` : "",
        counts.pending_subscriptions
          ? `deleted${many(counts.pending_subscriptions, "unconfirmed sign-up")}`
          : "",
        counts.message_bodies
          ? `removed${many(counts.message_bodies, "message body", "message bodies")}`
          : "",
      ].filter(Boolean);
      return `${done.join(", ") || "removed personal data"} whose retention period had ended`;
    },
  },
  "person.exported": {
    says: (d) => {
      const counts = typeof d.counts === "object" && d.counts !== null ? d.counts : {};
      const rows = Object.values(counts).reduce<number>((sum, n) => sum + (count(n) ?? 0), 0);
      return `exported everything stored about a person, found by ${keyWords(d)} (${many(rows, "record").trim()})`;
    },
  },
  "person.lookup-ambiguous": {
    says: (d) =>
      `looked up a person by ${keyWords(d)} and was shown the names and addresses of${many(d.people, "person", "people")} it matched, to choose one`,
  },
  "outbox.viewed": { says: list("the outbox") },
  "outbox.retried": { says: () => "sent an e-mail of the outbox again" },
  "newsletter.welcome-changed": { says: () => "changed the newsletter's welcome e-mail" },
  "lead.escalated": {
    says: (d) =>
      `escalated a lead past its due time to${many(d.recipients, "person", "people")} by e-mail`,
  },
  "service-hours.changed": {
    says: (d) =>
      `changed the service hours (${many(d.workingDays, "working day").trim()}, ${many(d.holidays, "holiday").trim()})`,
  },
  "newsletter.welcome-test-sent": {
    says: (d) => `sent a test copy of the welcome e-mail${testCopiesTo(d)}`,
  },
  "campaign.created": { says: () => "created a campaign" },
  "campaign.edited": { says: () => "edited a campaign" },
  "campaign.test-sent": { says: (d) => `sent a test copy of a campaign${testCopiesTo(d)}` },
  "campaign.scheduled": {
    says: (d) =>
      `scheduled a campaign for ${formatDateTime(typeof d.at === "string" ? d.at : null)}`,
  },
  "campaign.sent": { says: () => "started sending a campaign" },
  "campaign.paused": { says: () => "paused a campaign" },
  "campaign.resumed": { says: () => "resumed a campaign" },
  "campaign.cancelled": { says: () => "cancelled a campaign" },
  "campaign.retried": {
    says: (d) => {
      const copies = many(d.copies, "failed copy", "failed copies") || " failed copies";
      return `sent${copies} of a campaign again`;
    },
  },
  "suppression.list": { says: list("the suppression list") },
  "suppression.added": { says: () => "suppressed an address by hand" },
  "suppression.lifted": {
    says: (d) =>
      `lifted an address from the suppression list (${
        SUPPRESSION_REASON_LABELS[d.reason as SuppressionReason] ?? String(d.reason ?? "?")
      }${typeof d.since === "string" ? `, suppressed since ${formatDateTime(d.since)}` : ""})`,
  },
  "campaign.recipients-export": {
    says: (d) => `exported${many(d.rows, "recipient") || " the recipients"} of a campaign`,
  },
  "campaign.auto-paused": {
    says: (d) => `paused a campaign${typeof d.reason === "string" ? `: ${d.reason}` : ""}`,
  },
  "routing.changed": {
    says: (d) =>
      `changed the lead routing${Array.isArray(d.to) ? ` to${many(d.to.length, "rule")}` : ""}`,
  },
  "content.published": {
    says: (d) => (
      <>
        published {titled(d)}
        {d.via === "schedule" ? " at its scheduled time" : ""}
      </>
    ),
  },
  "content.scheduled": {
    says: (d) => (
      <>
        scheduled {titled(d)} for {formatDateTime(typeof d.at === "string" ? d.at : null)}
      </>
    ),
  },
  "content.unpublished": { says: (d) => <>took {titled(d)} off the site</> },
  "content.restored": {
    says: (d) => (
      <>
        restored revision {String(d.from)} of {titled(d)}
      </>
    ),
  },
};

/** What marketing published, by the title it had (the record names its kind). */
function titled(detail: Detail): ReactNode {
  return typeof detail.title === "string" ? <Typed text={detail.title} /> : "an item";
}

/** An action's words; one the console does not know (a newer server) is shown as it is. */
export function wordsOf(action: string): Words {
  const known = (AUDIT_WORDS as Record<string, Omit<Words, "label">>)[action];
  if (!known) return { label: action, says: () => <code>{action}</code> };
  return { label: AUDIT_ACTION_LABELS[action as AuditAction], says: known.says };
}

/**
 * Who acted, as the sentence begins: their name now, else their address; without an account,
 * the command line as its `via` names it ("The command line (ama)"), else someone not signed in.
 */
export function actorOf(entry: AuditItem): ReactNode {
  if (entry.actorName) return <Typed text={entry.actorName} />;
  if (entry.actor) return <Typed text={entry.actor} />;
  const via = entry.detail?.via;
  return typeof via === "string" && via !== "console" ? `The ${via}` : "Someone";
}
