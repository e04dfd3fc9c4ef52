import { Link, useLocation } from "react-router";
import type { Route } from "./+types/status";
import { statusPages } from "~/content/pages";
import { CheckIcon, MailIcon } from "~/components/ui/icons";
import { getMeta } from "~/lib/meta";

// Pages that say what happened: where the links of newsletter e-mails land (D10), and where a
// lead form that posted itself (before the page's JavaScript ran) is sent by the server. Kept out
// of search results and the sitemap.
export const meta: Route.MetaFunction = ({ location }) => {
  const page = statusPages[location.pathname];
  return page ? getMeta({ ...page.seo, path: location.pathname, noindex: true }) : [];
};

export default function StatusPage() {
  const page = statusPages[useLocation().pathname];
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
