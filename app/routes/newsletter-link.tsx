import { newsletterLinkPages } from "~/content/status-pages";
import type { MetaFunction } from "~/lib/page";
import { StatusMessage } from "~/components/sections/status-message";
import { MailIcon } from "~/components/ui/icons";
import { metaFromPages, useCurrentPage } from "~/lib/page-content";

// The pages the links of newsletter e-mails open. Opening one changes nothing, as mail security
// scanners open every link; the button does the job. The page is static HTML shared by every
// token, so the token stays in the address: a form without an action posts to the page's own URL,
// query string included, and works before the JavaScript has started or without it. The server
// answers with the page that says what happened (server/newsletter/subscribers/link-routes.ts).
export const meta: MetaFunction = metaFromPages(newsletterLinkPages, { noindex: true });

export default function NewsletterLinkPage() {
  const page = useCurrentPage(newsletterLinkPages);
  return (
    <StatusMessage icon={MailIcon} headline={page.headline} text={page.text}>
      <form method="post">
        <button type="submit" className="btn-primary">
          {page.button}
        </button>
      </form>
    </StatusMessage>
  );
}
