import { pagePaths, policyPaths } from "@common/paths";
import type { PageProps } from "~/lib/page";
import { loadPolicy } from "~/content/markdown.server";
import { LegalDocument } from "~/components/sections/legal-document";
import { getMeta } from "~/lib/meta";

// One module for the terms and the four policies. Each is app/content/policies/<path>.md,
// rendered at build time. The terms have 27 numbered clauses; the privacy policy is the clause
// with id "privacy-policy", and its 20px scroll offset is the headings' scroll-margin (app.css).
const legalPaths: readonly string[] = [pagePaths.termsAndConditions, ...Object.values(policyPaths)];

export function loader({ path: pathname }: { path: string }) {
  if (!legalPaths.includes(pathname)) throw new Error(`No terms or policy at ${pathname}`);
  const { meta, html, headings } = loadPolicy(pathname.slice(1));
  const seo = { title: meta.title, description: meta.description, path: pathname };
  return { seo, meta, html, headings };
}

export const meta = ({ data }: PageProps<ReturnType<typeof loader>>) => getMeta(data.seo);

export default function PolicyPage({ data }: PageProps<ReturnType<typeof loader>>) {
  return <LegalDocument doc={data} />;
}
