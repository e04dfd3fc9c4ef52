import { useLocation } from "react-router";
import type { Route } from "./+types/newsletter-link";
import { newsletterLinkPages } from "~/content/pages";
import { MailIcon } from "~/components/ui/icons";
import { getMeta } from "~/lib/meta";

// The pages the links of newsletter e-mails open. Opening one changes nothing, as mail security
// scanners open every link; the button does the job. The page is static HTML shared by every
// token, so the token stays in the address: a form without an action posts to the page's own URL,
// query string included, and works before the JavaScript has started or without it. The server
// answers with the page that says what happened (server/routes/newsletter.ts).
export const meta: Route.MetaFunction = ({ location }) => {
  const page = newsletterLinkPages[location.pathname];
  return page ? getMeta({ ...page.seo, path: location.pathname, noindex: true }) : [];
};

export default function NewsletterLinkPage() {
  const page = newsletterLinkPages[useLocation().pathname];
  if (!page) return null;
  return (
    <section className="container-page flex flex-col items-center py-20 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <MailIcon width={32} height={32} />
      </span>
      <h1 className="mt-6 text-3xl font-bold text-brand-900 sm:text-4xl">{page.headline}</h1>
      <p className="mt-4 max-w-xl text-lg text-muted">{page.text}</p>
      <form method="post" className="mt-8">
        <button type="submit" className="btn-primary">
          {page.button}
        </button>
      </form>
    </section>
  );
}
