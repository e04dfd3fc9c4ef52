import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { consoleLeadPath } from "@common/paths";
import { parseLeadKey } from "@leads/workflow";
import { type LeadDetail } from "../../staff-api/leads";
import { CORRECTABLE_LABELS } from "../../staff-api/lead-labels";
import { type TimelineEntry } from "../../staff-api/lead-timeline";
import type { TeamMember } from "../../staff-api/admin";
import { formatDateTime } from "../format";
import { CHANNEL_LABELS, STATUS_LABELS, TYPE_LABELS } from "../labels";
import { routerPath } from "../api";
import { DateTime } from "./date-time";
import { EmailAddress } from "./email-address";
import { StaffName } from "./staff-name";

/** What the lead page just added to the timeline, whose newest entry then takes the focus. */
export type Added = "note" | "reply";

/**
 * What happened to the lead, oldest first: its changes, notes, the replies e-mailed to the person
 * and their answers, the notifications' deliveries. Once a note or a reply is added (`added`,
 * after the action's answer) the newest of its kind takes the focus, which shows and reads it
 * where it now stands. Staff are named as the team (`team`) names them.
 */
export function LeadTimeline({
  lead,
  team,
  added,
}: {
  lead: LeadDetail;
  team: readonly TeamMember[];
  added: Added | undefined;
}) {
  const timeline = useRef<HTMLOListElement>(null);
  const newest = added ? lead.timeline.findLastIndex((entry) => entry.kind === added) : -1;
  useEffect(() => {
    if (added) timeline.current?.querySelector<HTMLElement>(":scope > [tabindex]")?.focus();
  }, [added]);
  return (
    <ol ref={timeline} className="space-y-3 border-l-2 border-brand-100 pl-4">
      <li>
        <p className="text-sm text-muted">{formatDateTime(lead.createdAt)}</p>
        <p>Received</p>
      </li>
      {lead.timeline.map((entry, index) => (
        <li
          key={index}
          tabIndex={index === newest ? -1 : undefined}
          className="focus:outline-2 focus:outline-offset-2 focus:outline-brand-700"
        >
          <p className="text-sm text-muted">
            <DateTime at={entry.at} />
            {"actor" in entry && entry.actor ? " · " : ""}
            {"actor" in entry && entry.actor ? (
              <StaffName address={entry.actor} team={team} />
            ) : null}
          </p>
          <TimelineText entry={entry} team={team} />
        </li>
      ))}
    </ol>
  );
}

function TimelineText({ entry, team }: { entry: TimelineEntry; team: readonly TeamMember[] }) {
  const person = (who: string | null) => <StaffName address={who} team={team} />;
  switch (entry.kind) {
    case "status":
      return (
        <p>
          Status: {label(entry.from)} → <strong>{label(entry.to)}</strong>
        </p>
      );
    case "owner":
      return (
        <p>
          Owner: {person(entry.from)} → <strong>{person(entry.to)}</strong>
        </p>
      );
    case "assigned":
      return entry.to ? (
        <p>
          Lead routing gave it to <strong>{person(entry.to)}</strong>
        </p>
      ) : (
        <p>
          Lead routing: <strong>unassigned</strong>, no one in its rotation was available
        </p>
      );
    case "escalated":
      return <p>Overdue: escalated by e-mail to {entry.recipients} people</p>;
    case "note":
      return (
        <p className="rounded-md bg-gold-300/30 p-2 whitespace-pre-wrap" dir="auto">
          {entry.text}
        </p>
      );
    case "reply":
      return (
        <>
          <p className="font-semibold">Reply e-mailed</p>
          <p className="rounded-md bg-brand-50 p-2 whitespace-pre-wrap" dir="auto">
            {entry.text}
          </p>
        </>
      );
    case "inbound":
      return (
        <>
          <p className="font-semibold">
            Answer by e-mail from{" "}
            {entry.from ? <EmailAddress>{entry.from}</EmailAddress> : "an unknown sender"}
            {entry.subject ? (
              <>
                {": "}
                <span dir="auto">{entry.subject}</span>
              </>
            ) : null}
          </p>
          <p className="rounded-md bg-gray-50 p-2 whitespace-pre-wrap" dir="auto">
            {entry.text || "(no text)"}
          </p>
        </>
      );
    case "corrected":
      return (
        <p>
          Contact details corrected:{" "}
          {entry.fields.map((field) => CORRECTABLE_LABELS[field].toLowerCase()).join(", ")}
        </p>
      );
    case "merged":
      return (
        <p>
          Merged as the same customer&rsquo;s: <LeadLink id={entry.from} /> into{" "}
          <LeadLink id={entry.to} />
          {entry.actor ? <> by {person(entry.actor)}</> : null}
        </p>
      );
    case "delivery":
      return (
        <p>
          {CHANNEL_LABELS[entry.channel]}: {entry.status}
          {entry.attempts > 1 ? ` after ${entry.attempts} attempts` : ""}
          {entry.sentAt ? `, sent ${formatDateTime(entry.sentAt)}` : ""}
        </p>
      );
  }
}

const label = (status: string | null) =>
  status ? (STATUS_LABELS[status as keyof typeof STATUS_LABELS] ?? status) : "—";

/** A lead the timeline names, by its type, linked to its page. */
function LeadLink({ id }: { id: string }) {
  return (
    <Link to={routerPath(consoleLeadPath(id))} className="console-link">
      a {TYPE_LABELS[parseLeadKey(id)?.type ?? "contact"].toLowerCase()}
    </Link>
  );
}
