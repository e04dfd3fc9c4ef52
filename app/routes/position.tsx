// An open position published from the console, at /careers/<slug>, rendered by the server
// (app/render.tsx gives each open position a route of this module); /careers lists them. Once it
// closes, the snapshot leaves it out and its address answers 410.
import { formatAccraTime } from "@common/accra-time";
import { pagePaths, positionPath } from "@common/paths";
import { site } from "@common/site";
import { HeroBand, PageTitle } from "~/components/sections/page-hero";
import { BackToListLink, NamedSections } from "~/components/sections/page-section";
import { publishedSection } from "~/components/sections/page-section";
import { publishedPageLoader } from "~/content/published.server";
import { jobPosting } from "~/lib/job-posting";
import type { PageProps } from "~/lib/page";
import { getMeta } from "~/lib/meta";

export const loader = publishedPageLoader("positions", positionPath(""), [
  "description",
  "howToApply",
]);

type Data = ReturnType<typeof loader>;

export const meta = ({ data: { item: position, description } }: PageProps<Data>) =>
  getMeta({
    title: position.title,
    description: `${position.category} · ${position.location} · ${position.workType}. Applications close ${formatAccraTime(position.closesAt)}.`,
    path: positionPath(position.slug),
    jobPosting: jobPosting(position, description, `${site.url}${positionPath(position.slug)}`),
  });

export default function PositionPage({ data }: PageProps<Data>) {
  const { item: position, description, howToApply } = data;
  const facts = [
    ["Location", position.location],
    ["Work type", position.workType],
    ["Applications close", formatAccraTime(position.closesAt)],
  ] as const;
  const sections = [
    publishedSection("description", "About the role", description),
    publishedSection("how-to-apply", "How to apply", howToApply),
  ];
  return (
    <>
      <HeroBand className="py-12 lg:py-16">
        <BackToListLink href={pagePaths.careers}>All open positions</BackToListLink>
        <p className="eyebrow mt-6">{position.category}</p>
        <PageTitle className="mt-2">{position.title}</PageTitle>
        <dl className="mt-6 grid max-w-3xl gap-4 sm:grid-cols-3">
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt className="text-sm font-semibold text-muted">{term}</dt>
              <dd className="mt-1 text-brand-900">{value}</dd>
            </div>
          ))}
        </dl>
      </HeroBand>
      <NamedSections className="container-page max-w-3xl space-y-10 pb-16" sections={sections} />
    </>
  );
}
