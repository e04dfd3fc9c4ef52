import { notFoundPath } from "@common/paths";
import type { MetaFunction } from "~/lib/page";
import { notFoundPage } from "~/content/not-found";
import { NotFoundScreen } from "~/components/sections/not-found-screen";
import { getMeta } from "~/lib/meta";

// The catch-all route: client-side navigation to an unknown path lands here, and the server
// sends this page's prerendered HTML with status 404 for unknown paths it is asked for.
export const meta: MetaFunction = () =>
  getMeta({ ...notFoundPage.seo, path: notFoundPath, noindex: true });

export default function NotFoundPage() {
  return <NotFoundScreen />;
}
