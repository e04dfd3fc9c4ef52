/**
 * What a lead's new owner is told: that the lead is theirs (given by the routing rules as it
 * arrived, or by a colleague in the console), its essentials with the time it came in on Accra's
 * clock, and the link to it in the staff console. Rendered without the owner's name, so that a
 * new lead's e-mail can be rendered before the transaction that picks its owner opens.
 */
import { DEMO_PRODUCT_NAMES, type DemoProduct } from "../../../leads/demo";
import type { LeadType } from "../../../leads/workflow";
import { LEAD_TYPE_LABELS } from "../../../staff-api/lead-labels";
import { formatAccraTime } from "../../../common/accra-time";
import { type MailMessage, oneLine } from "../message";
import { EmailLayout } from "./layout";
import { FieldTable, type Row, fieldsText } from "./lead-fields";
import { A, P, type RenderedEmail, renderEmail } from "./parts";

/** The outbox kind of the e-mail to a lead's new owner. */
export const LEAD_ASSIGNED_KIND = "lead-assigned";

/** What the owner needs to take a lead up at once. */
export interface LeadEssentials {
  type: LeadType;
  /** The visitor's name as they typed it (a contact's first and last name). */
  name: string;
  email: string;
  phone: string;
  company?: string;
  product?: DemoProduct;
  /** A contact message's first line. */
  message?: string;
  receivedAt: string;
}

export interface LeadAssignedProps {
  lead: LeadEssentials;
  /** The lead's page in the staff console. */
  leadUrl: string;
  /** Who gave it to them in the console; none when the routing rules did. */
  by?: string;
}

function rowsOf({ lead }: LeadAssignedProps): Row[] {
  return [
    { label: "Type", value: LEAD_TYPE_LABELS[lead.type] },
    ...(lead.product ? [{ label: "Product", value: DEMO_PRODUCT_NAMES[lead.product] }] : []),
    { label: "Name", value: lead.name },
    ...(lead.company !== undefined ? [{ label: "Company", value: lead.company }] : []),
    { label: "Email", value: lead.email },
    { label: "Phone", value: lead.phone },
    ...(lead.message !== undefined ? [{ label: "Message", value: lead.message }] : []),
    { label: "Received", value: formatAccraTime(lead.receivedAt) },
  ];
}

const whatOf = ({ lead }: LeadAssignedProps) => LEAD_TYPE_LABELS[lead.type].toLowerCase();

const sentence = (props: LeadAssignedProps) =>
  props.by
    ? `${props.by} made you the owner of this ${whatOf(props)}.`
    : `This new ${whatOf(props)} is yours: the lead routing gave it to you as it arrived.`;

export function LeadAssignedEmail(props: LeadAssignedProps) {
  return (
    <EmailLayout title={`A ${whatOf(props)} for you`}>
      <P>{sentence(props)}</P>
      <FieldTable rows={rowsOf(props)} />
      <P>
        <A href={props.leadUrl}>Open the lead in the staff console</A>
        {" to answer it and record what you did."}
      </P>
    </EmailLayout>
  );
}

export function renderLeadAssigned(props: LeadAssignedProps): Promise<RenderedEmail> {
  const text = [
    sentence(props),
    "",
    fieldsText(rowsOf(props)),
    "",
    `The lead in the staff console: ${props.leadUrl}`,
  ].join("\n");
  const who = props.lead.company ? `${props.lead.name}, ${props.lead.company}` : props.lead.name;
  return renderEmail(
    oneLine(`Lead for you (${LEAD_TYPE_LABELS[props.lead.type]}): ${who}`),
    <LeadAssignedEmail {...props} />,
    text,
  );
}

/** The rendered e-mail addressed to its owner, as the outbox stores it. */
export function leadAssignedMail(
  rendered: RenderedEmail,
  owner: { email: string; name: string },
): MailMessage {
  return {
    to: owner.email,
    ...rendered,
    params: { to_email: owner.email, to_name: oneLine(owner.name), message: rendered.text },
  };
}
