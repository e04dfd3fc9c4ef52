import { pagePaths } from "@common/paths";
import type { MetaFunction } from "~/lib/page";
import { statusPages } from "~/content/status-pages";
import { StatusMessage } from "~/components/sections/status-message";
import { CheckIcon, MailIcon } from "~/components/ui/icons";
import { metaFromPages, useCurrentPage } from "~/lib/page-content";

// Pages that say what happened: where the buttons of the newsletter e-mails' pages lead, and
// where a lead form that posted itself (before the page's JavaScript ran) is sent by the server.
// Kept out of search results and the sitemap.
export const meta: MetaFunction = metaFromPages(statusPages, { noindex: true });

export default function StatusPage() {
  const page = useCurrentPage(statusPages);
  return (
    <StatusMessage
      icon={page.tone === "success" ? CheckIcon : MailIcon}
      headline={page.headline}
      text={page.text}
    >
      <a className="btn-primary" href={pagePaths.home}>
        Back to the home page
      </a>
    </StatusMessage>
  );
}
