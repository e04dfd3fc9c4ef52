import { Link, useLocation } from "react-router";
import type { Route } from "./+types/newsletter-status";
import { newsletterStatusPages } from "~/content/pages";
import { CheckIcon, MailIcon } from "~/components/ui/icons";
import { getMeta } from "~/lib/meta";

// Where the confirmation and unsubscribe links of newsletter e-mails land (D10). Kept out of
// search results and the sitemap.
export const meta: Route.MetaFunction = ({ location }) => {
  const page = newsletterStatusPages[location.pathname];
  return page ? getMeta({ ...page.seo, path: location.pathname, noindex: true }) : [];
};

export default function NewsletterStatusPage() {
  const page = newsletterStatusPages[useLocation().pathname];
  if (!page) return null;
  const Icon = page.tone === "success" ? CheckIcon : MailIcon;
  return (
    <section className="container-page flex flex-col items-center py-20 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon width={32} height={32} />
      </span>
      <h1 className="mt-6 text-3xl font-bold text-brand-900 sm:text-4xl">{page.headline}</h1>
      <p className="mt-4 max-w-xl text-lg text-muted">{page.text}</p>
      <Link to="/" className="btn-primary mt-8">
        Back to the home page
      </Link>
    </section>
  );
}
