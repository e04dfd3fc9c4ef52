import { caseStudyPath, pagePaths } from "@common/paths";
import { site } from "@common/site";
import { HERO_WITH_IMAGE, HeroBand, PageTitle } from "~/components/sections/page-hero";
import { MediaImage } from "~/components/sections/media-image";
import {
  BackToListLink,
  NamedSections,
  PageSection,
  publishedSection,
  SMALL_SECTION_TITLE,
} from "~/components/sections/page-section";
import { ResultFigures } from "~/components/sections/result-figures";
import { publishedPageLoader } from "~/content/published.server";
import type { PageProps } from "~/lib/page";
import { getMeta } from "~/lib/meta";

// A case study published from the console, at /case-studies/<slug>, rendered by the server
// (app/render.tsx gives each published case study a route of this module). The first case study
// keeps its built page at /case-study, which lists these under "More case studies".
export const loader = publishedPageLoader("caseStudies", caseStudyPath(""), [
  "challenge",
  "solution",
]);

type Data = ReturnType<typeof loader>;

export const meta = ({ data: { item: caseStudy } }: PageProps<Data>) =>
  getMeta({
    title: caseStudy.title,
    description: caseStudy.summary,
    path: caseStudyPath(caseStudy.slug),
    // A story the company tells: an article of the organisation's own, for sharing and search.
    article: {
      datePublished: caseStudy.publishedAt,
      dateModified: caseStudy.updatedAt,
      author: site.name,
    },
    image: caseStudy.cover,
  });

export default function CaseStudyStoryPage({ data }: PageProps<Data>) {
  const { item: caseStudy, challenge, solution } = data;
  const sections = [
    publishedSection("challenge", "The challenge", challenge),
    publishedSection("solution", "Our solution", solution),
  ];
  return (
    <>
      <HeroBand className={caseStudy.cover ? HERO_WITH_IMAGE : "py-12 lg:py-20"}>
        <div>
          <p className="eyebrow">Case study · {caseStudy.client}</p>
          <PageTitle className="mt-2">{caseStudy.title}</PageTitle>
          <div className="mt-5 text-lg leading-8 text-muted">
            <p>{caseStudy.summary}</p>
          </div>
          <p className="mt-4 text-muted">
            <span className="font-semibold text-brand-900">Sector:</span> {caseStudy.sector}
          </p>
        </div>
        {caseStudy.cover ? (
          <MediaImage
            image={caseStudy.cover}
            sizes="(min-width: 48rem) 50vw, calc(100vw - 2rem)"
            priority
            className="mx-auto h-auto w-full max-w-lg rounded-2xl"
          />
        ) : null}
      </HeroBand>
      {caseStudy.results.length > 0 ? (
        <PageSection
          headingId="results-heading"
          heading="Results"
          headingClassName={SMALL_SECTION_TITLE}
          className="container-page py-12"
        >
          <ResultFigures
            results={caseStudy.results}
            className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4"
          />
        </PageSection>
      ) : null}
      <NamedSections
        className="container-page grid gap-6 pb-12 md:grid-cols-2"
        sectionClassName="rounded-2xl border border-gray-200 p-6"
        sections={sections}
      />
      {caseStudy.quote ? (
        <figure className="container-page max-w-3xl pb-16">
          <blockquote className="text-2xl leading-9 font-semibold text-brand-900">
            <p>“{caseStudy.quote.text}”</p>
          </blockquote>
          <figcaption className="mt-4 text-muted">— {caseStudy.quote.by}</figcaption>
        </figure>
      ) : null}
      <p className="container-page pb-16">
        <BackToListLink href={pagePaths.caseStudy}>All case studies</BackToListLink>
      </p>
    </>
  );
}
