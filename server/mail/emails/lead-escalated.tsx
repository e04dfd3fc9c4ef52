/**
 * What a lead's owner (or the sales address, for a lead nobody owns) and the admins are told when
 * a lead passes its due time without a first response (server/leads/service-hours/escalation.ts):
 * which lead, when it came and was due, in Accra time, who owns it (and whom the routing rules
 * handed it on from, for a rotation that hands on overdue leads), and the link to it. The
 * person's name or company only; their message and details stay in the console.
 */
import { LEAD_TYPE_LABELS } from "../../../staff-api/lead-labels";
import type { LeadType } from "../../../leads/workflow";
import { type MailMessage, oneLine, staffMail } from "../message";
import { EmailLayout } from "./layout";
import { ConsoleLink, FieldTable, type Row, consoleText, fieldsText } from "./lead-fields";
import { P, type RenderedEmail, renderEmail } from "./parts";
import { formatAccraTime } from "../../../common/accra-time";

export interface OverdueLead {
  type: LeadType;
  /** The person's name, and their company for a demo request. */
  who: string;
  receivedAt: string;
  dueAt: string;
  /** The owner's name, or null while nobody owns it. */
  owner: string | null;
  /**
   * Present when the lead was handed on to `owner` as it became overdue: the name of the owner
   * it had, or null when it had none.
   */
  handedOnFrom?: string | null;
  /** Its page in the staff console. */
  url: string;
}

export interface LeadEscalatedProps {
  recipient: { email: string; name: string };
  lead: OverdueLead;
}

const overdueLine = (lead: OverdueLead) =>
  `This ${LEAD_TYPE_LABELS[lead.type].toLowerCase()} from ${lead.who} has had no answer and was due at ${formatAccraTime(lead.dueAt)}.`;

/** What a lead handed on is told besides: to whom and from whom; null for any other lead. */
const handedOnLine = (lead: OverdueLead) =>
  lead.handedOnFrom === undefined
    ? null
    : `The lead routing has handed it on to ${lead.owner ?? "nobody"}${lead.handedOnFrom === null ? "" : ` from ${lead.handedOnFrom}`}.`;

const rowsOf = (lead: OverdueLead): Row[] => [
  { label: "From", value: lead.who },
  { label: "Received", value: formatAccraTime(lead.receivedAt) },
  { label: "Due", value: formatAccraTime(lead.dueAt) },
  { label: "Owner", value: lead.owner ?? "Nobody yet" },
];

export function LeadEscalatedEmail({ recipient, lead }: LeadEscalatedProps) {
  return (
    <EmailLayout title="A lead is overdue">
      <P>{`Hello ${recipient.name},`}</P>
      <P>{overdueLine(lead)}</P>
      {handedOnLine(lead) && <P>{handedOnLine(lead)}</P>}
      <FieldTable rows={rowsOf(lead)} />
      <ConsoleLink leadUrl={lead.url} />
    </EmailLayout>
  );
}

export function renderLeadEscalated(props: LeadEscalatedProps): Promise<RenderedEmail> {
  const { recipient, lead } = props;
  const text = [
    `Hello ${recipient.name},`,
    ``,
    overdueLine(lead),
    ...(handedOnLine(lead) ? [handedOnLine(lead)] : []),
    ``,
    fieldsText(rowsOf(lead)),
  ].join("\n");
  return renderEmail(
    oneLine(`Overdue: ${LEAD_TYPE_LABELS[lead.type]} from ${lead.who}`),
    <LeadEscalatedEmail {...props} />,
    `${text}${consoleText(lead.url)}`,
  );
}

/** The e-mail to one recipient of an escalation. */
export async function leadEscalatedMail(
  recipient: { email: string; name: string },
  lead: OverdueLead,
): Promise<MailMessage> {
  return staffMail(recipient, await renderLeadEscalated({ recipient, lead }));
}
