import type { Route } from "./+types/terms-and-conditions";
import { loadPolicy } from "~/content/markdown.server";
import { LegalDocument } from "~/components/sections/legal-document";
import { getMeta } from "~/lib/meta";

// 27 numbered clauses in app/content/policies/terms-and-conditions.md. The privacy policy is the
// clause with id "privacy-policy"; its 20px scroll offset is the headings' scroll-margin (app.css).
export function loader() {
  const { meta, html, headings } = loadPolicy("terms-and-conditions");
  return { meta, html, headings };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? getMeta({
        title: loaderData.meta.title,
        description: loaderData.meta.description,
        path: "/terms-and-conditions",
      })
    : [];

export default function TermsPage({ loaderData }: Route.ComponentProps) {
  return <LegalDocument doc={loaderData} />;
}
