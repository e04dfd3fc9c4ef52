/**
 * The double opt-in e-mail. Like every newsletter e-mail it carries an unsubscribe link and the
 * List-Unsubscribe headers for one-click unsubscribing in mail clients (RFC 8058). Its links open
 * pages of the site with a button (`/newsletter/confirm`, `/newsletter/unsubscribe`): opening a
 * link changes nothing, pressing the button does.
 */
import { site } from "../../../common/site";
import type { MailMessage } from "../message";
import { EmailLayout } from "./layout";
import { A, ButtonLink, P, type RenderedEmail, renderEmail } from "./parts";
import { type NewsletterLinks, unsubscribeHeaders } from "./subscriber-links";

const TITLE = `Confirm your subscription to the ${site.name} newsletter`;
const IF_NOT_ASKED =
  "If you did not ask for it, ignore this e-mail and you will not hear from us again.";

export interface NewsletterConfirmationProps {
  email: string;
  links: Pick<NewsletterLinks, "confirmUrl" | "unsubscribeUrl">;
}

export function NewsletterConfirmationEmail({ email, links }: NewsletterConfirmationProps) {
  return (
    <EmailLayout title={TITLE}>
      <P>{`Someone, hopefully you, asked to receive the ${site.name} newsletter at ${email}.`}</P>
      <ButtonLink href={links.confirmUrl}>Confirm my subscription</ButtonLink>
      <P>{IF_NOT_ASKED}</P>
      <P small>
        <A href={links.unsubscribeUrl}>Unsubscribe</A>
      </P>
    </EmailLayout>
  );
}

function confirmationText({ email, links }: NewsletterConfirmationProps): string {
  return [
    `Hello,`,
    ``,
    `Someone, hopefully you, asked to receive the ${site.name} newsletter at ${email}.`,
    `To confirm, open this link and press the button on the page:`,
    links.confirmUrl,
    ``,
    IF_NOT_ASKED,
    ``,
    `Unsubscribe at any time: ${links.unsubscribeUrl}`,
  ].join("\n");
}

export function renderNewsletterConfirmation(
  props: NewsletterConfirmationProps,
): Promise<RenderedEmail> {
  return renderEmail(TITLE, <NewsletterConfirmationEmail {...props} />, confirmationText(props));
}

export async function newsletterConfirmation(
  email: string,
  links: NewsletterLinks,
): Promise<MailMessage> {
  const rendered = await renderNewsletterConfirmation({ email, links });
  return {
    to: email,
    ...rendered,
    headers: unsubscribeHeaders(links.oneClickUnsubscribeUrl),
    params: {
      to_email: email,
      confirm_url: links.confirmUrl,
      unsubscribe_url: links.unsubscribeUrl,
      message: rendered.text,
    },
  };
}
