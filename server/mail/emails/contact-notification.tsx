/** The sales team's notice of a contact message: every field, phone included. */
import type { Contact } from "../../../leads/contact";
import { type MailMessage, oneLine } from "../message";
import { EmailLayout } from "./layout";
import {
  ConsoleLink,
  FieldTable,
  type Row,
  SALES_TEAM,
  consoleText,
  fieldsText,
  sourceRows,
} from "./lead-fields";
import { P, type RenderedEmail, renderEmail } from "./parts";
import { formatAccraTime } from "../../../common/accra-time";

const TITLE = "New message from the website contact form";

export interface ContactNotificationProps {
  contact: Contact;
  receivedAt: string;
  /** The lead's page in the staff console. */
  leadUrl?: string;
}

const nameOf = (contact: Contact) => `${contact.firstName} ${contact.lastName}`;

function rowsOf({ contact, receivedAt }: ContactNotificationProps): Row[] {
  return [
    { label: "Name", value: nameOf(contact) },
    { label: "Email", value: contact.email },
    { label: "Phone", value: contact.phone },
    { label: "Message", value: contact.message },
    { label: "Agreed to privacy policy", value: "Yes" },
    { label: "Received", value: formatAccraTime(receivedAt) },
    ...sourceRows(contact.source),
  ];
}

export function ContactNotificationEmail(props: ContactNotificationProps) {
  return (
    <EmailLayout title={TITLE}>
      <FieldTable rows={rowsOf(props)} />
      <P>{`Reply to this e-mail to answer ${nameOf(props.contact)}.`}</P>
      <ConsoleLink leadUrl={props.leadUrl} />
    </EmailLayout>
  );
}

export function renderContactNotification(props: ContactNotificationProps): Promise<RenderedEmail> {
  const name = nameOf(props.contact);
  const text = `${TITLE}\n\n${fieldsText(rowsOf(props))}\n\nReply to this e-mail to answer ${name}.${consoleText(props.leadUrl)}`;
  return renderEmail(
    oneLine(`Contact form: ${name}`),
    <ContactNotificationEmail {...props} />,
    text,
  );
}

/** The notice as the outbox stores it: to sales, replying to the visitor. */
export async function contactNotification(
  contact: Contact,
  receivedAt: string,
  salesEmail: string,
  leadUrl?: string,
): Promise<MailMessage> {
  const email = await renderContactNotification({ contact, receivedAt, leadUrl });
  return {
    to: salesEmail,
    replyTo: contact.email,
    ...email,
    params: {
      from_name: oneLine(nameOf(contact)),
      from_email: contact.email,
      to_name: SALES_TEAM,
      phone: contact.phone,
      message: contact.message,
    },
  };
}
