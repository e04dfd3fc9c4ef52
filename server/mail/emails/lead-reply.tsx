/**
 * A reply to a lead, written in the console by a member of sales (server/leads/replies/): their
 * words as typed, plain text with its line breaks (no Markdown; React escapes every character in
 * the HTML), signed with their name and the company's. It goes out from the company's address in
 * their name, and its Reply-To brings the customer's answer back to the lead's timeline.
 */
import { site } from "../../../common/site";
import type { LeadType } from "../../../leads/workflow";
import { type MailMessage, oneLine } from "../message";
import { EmailLayout } from "./layout";
import { A, P, type RenderedEmail, renderEmail } from "./parts";

export interface LeadReplyProps {
  /** The member of staff's name (their address when they gave none). */
  sender: string;
  /** What was typed, line breaks and all. */
  text: string;
  /** What the person sent us: a contact message or a demo request. */
  leadType: LeadType;
}

/** "Ama Mensah at Akwaaba Pay": the From's display name. */
export const senderDisplayName = (sender: string) => oneLine(`${sender} at ${site.name}`, 120);

const SUBJECTS: Record<LeadType, string> = {
  contact: `Re: your message to ${site.name}`,
  demo: `Re: your demo request to ${site.name}`,
};

/** Paragraphs at blank lines; the line breaks inside one kept. */
const paragraphs = (text: string) => text.split(/\n{2,}/).map((block) => block.split("\n"));

export function LeadReplyEmail({ sender, text }: LeadReplyProps) {
  return (
    <EmailLayout>
      {paragraphs(text).map((lines, i) => (
        <P key={i}>
          {lines.map((line, j) => (
            <span key={j}>
              {j > 0 ? <br /> : null}
              {line}
            </span>
          ))}
        </P>
      ))}
      <P>{sender}</P>
      <P>
        <A href={site.url}>{site.name}</A>
      </P>
    </EmailLayout>
  );
}

export function renderLeadReply(props: LeadReplyProps): Promise<RenderedEmail> {
  const text = [props.text, "", props.sender, `${site.name} · ${site.url}`].join("\n");
  return renderEmail(SUBJECTS[props.leadType], <LeadReplyEmail {...props} />, text);
}

/** The outbox message of a reply to `to`, answered at `replyTo` when there is an inbound domain. */
export async function leadReplyMail(
  to: string,
  props: LeadReplyProps,
  replyTo: string | undefined,
): Promise<MailMessage> {
  const rendered = await renderLeadReply(props);
  const fromName = senderDisplayName(props.sender);
  return {
    to,
    ...(replyTo ? { replyTo } : {}),
    fromName,
    ...rendered,
    params: { to_email: to, from_name: fromName, message: rendered.text },
  };
}
