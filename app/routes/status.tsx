import { Link, useLocation } from "react-router";
import type { Route } from "./+types/status";
import { statusPages } from "~/content/status-pages";
import { StatusMessage } from "~/components/sections/status-message";
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
  return (
    <StatusMessage
      icon={page.tone === "success" ? CheckIcon : MailIcon}
      headline={page.headline}
      text={page.text}
    >
      <Link to="/" className="btn-primary">
        Back to the home page
      </Link>
    </StatusMessage>
  );
}
