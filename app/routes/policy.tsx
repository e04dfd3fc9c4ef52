import type { Route } from "./+types/policy";
import { loadPolicy } from "~/content/markdown.server";
import { LegalDocument } from "~/components/sections/legal-document";
import { getMeta } from "~/lib/meta";

// One module for the four policies; each is app/content/policies/<path>.md, rendered at build time.
export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const { meta, html, headings } = loadPolicy(pathname.slice(1));
  return { path: pathname, meta, html, headings };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? getMeta({
        title: loaderData.meta.title,
        description: loaderData.meta.description,
        path: loaderData.path,
      })
    : [];

export default function PolicyPage({ loaderData }: Route.ComponentProps) {
  return <LegalDocument doc={loaderData} />;
}
