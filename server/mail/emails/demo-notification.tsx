/** The sales team's notice of a demo request, naming the product and page. */
import { DEMO_PRODUCT_NAMES, type DemoRequest } from "../../../leads/demo";
import { type MailMessage, oneLine } from "../message";
import { EmailLayout } from "./layout";
import * as leadFields from "./lead-fields";
import { P, type RenderedEmail, renderEmail } from "./parts";
import { formatAccraTime } from "../../../common/accra-time";

export interface DemoNotificationProps {
  demo: DemoRequest;
  /** The page of the form. */
  page: string;
  receivedAt: string;
  /** The lead's page in the staff console. */
  leadUrl?: string;
}

/** The form's fields as the e-mail names them, in the form's order. */
const FORM_FIELDS = [
  ["name", "Name"],
  ["email", "Email"],
  ["phone", "Phone"],
  ["company", "Company"],
  ["jobTitle", "Job title"],
  ["industry", "Industry"],
] as const;

function rowsOf({ demo, page, receivedAt }: DemoNotificationProps): leadFields.Row[] {
  return [
    { label: "Product", value: DEMO_PRODUCT_NAMES[demo.product] },
    { label: "Page", value: page },
    ...FORM_FIELDS.map(([field, label]) => ({ label, value: demo.formData[field] })),
    { label: "Received", value: formatAccraTime(receivedAt) },
    ...leadFields.sourceRows(demo.source),
  ];
}

const titleOf = (demo: DemoRequest) => `New ${DEMO_PRODUCT_NAMES[demo.product]} demo request`;

export function DemoNotificationEmail(props: DemoNotificationProps) {
  return (
    <EmailLayout title={titleOf(props.demo)}>
      <leadFields.FieldTable rows={rowsOf(props)} />
      <P>{`Reply to this e-mail to schedule the demo with ${props.demo.formData.name}.`}</P>
      <leadFields.ConsoleLink leadUrl={props.leadUrl} />
    </EmailLayout>
  );
}

export function renderDemoNotification(props: DemoNotificationProps): Promise<RenderedEmail> {
  const f = props.demo.formData;
  const product = DEMO_PRODUCT_NAMES[props.demo.product];
  const text = `${titleOf(props.demo)}\n\n${leadFields.fieldsText(rowsOf(props))}\n\nReply to this e-mail to schedule the demo with ${f.name}.${leadFields.consoleText(props.leadUrl)}`;
  return renderEmail(
    oneLine(`Demo request (${product}): ${f.name}${f.company ? `, ${f.company}` : ""}`),
    <DemoNotificationEmail {...props} />,
    text,
  );
}

/** The notice as the outbox stores it: to sales, replying to the visitor. */
export async function demoNotification(
  demo: DemoRequest,
  page: string,
  receivedAt: string,
  salesEmail: string,
  leadUrl?: string,
): Promise<MailMessage> {
  const f = demo.formData;
  return {
    to: salesEmail,
    replyTo: f.email,
    ...(await renderDemoNotification({ demo, page, receivedAt, leadUrl })),
    params: {
      from_name: oneLine(f.name),
      from_email: f.email,
      to_name: leadFields.SALES_TEAM,
      phone: f.phone,
      message: leadFields.fieldsText(rowsOf({ demo, page, receivedAt })),
    },
  };
}
