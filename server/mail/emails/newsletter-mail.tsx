/**
 * A newsletter e-mail written by marketing (the welcome e-mail, a campaign's copies and their
 * test copies): its subject, its Markdown as HTML and as readable text
 * (server/newsletter/markdown/content.ts renders both in the render worker), then the subscriber's own
 * unsubscribe link, with the one-click headers.
 */
import { site } from "../../../common/site";
import { type MailMessage, oneLine } from "../message";
import { EmailLayout } from "./layout";
import { A, P, type RenderedEmail, Rule, renderEmail } from "./parts";
import { type NewsletterLinks, unsubscribeHeaders } from "./subscriber-links";

/** The newsletter's own words: the subject, and the Markdown rendered, without frame or footer. */
export interface NewsletterContentParts {
  subject: string;
  html: string;
  text: string;
}

export interface NewsletterMailProps {
  email: string;
  content: NewsletterContentParts;
  unsubscribeUrl: string;
}

const footerOf = (email: string) =>
  `You receive this because you subscribed to the ${site.name} newsletter at ${email}.`;

export function NewsletterEmail({ email, content, unsubscribeUrl }: NewsletterMailProps) {
  return (
    <EmailLayout title={oneLine(content.subject)}>
      {/* Sanitised to NEWSLETTER_HTML by the render worker (newsletter/markdown/). */}
      <div dangerouslySetInnerHTML={{ __html: content.html }} />
      <Rule />
      <P small>
        {`${footerOf(email)} `}
        <A href={unsubscribeUrl}>Unsubscribe</A>
      </P>
    </EmailLayout>
  );
}

export function renderNewsletterMail(props: NewsletterMailProps): Promise<RenderedEmail> {
  const text = `${props.content.text}\n\n--\n${footerOf(props.email)}\nUnsubscribe: ${props.unsubscribeUrl}`;
  return renderEmail(oneLine(props.content.subject), <NewsletterEmail {...props} />, text);
}

export async function newsletterMail(
  email: string,
  content: NewsletterContentParts,
  { unsubscribeUrl, oneClickUnsubscribeUrl }: Omit<NewsletterLinks, "confirmUrl">,
): Promise<MailMessage> {
  return {
    to: email,
    ...(await renderNewsletterMail({ email, content, unsubscribeUrl })),
    headers: unsubscribeHeaders(oneClickUnsubscribeUrl),
    params: { to_email: email, unsubscribe_url: unsubscribeUrl, message: content.text },
  };
}
