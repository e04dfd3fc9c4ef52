import caseStudyImage from "~/assets/images/case-study.svg";
import type { LoaderArgs, MetaFunction, PageProps } from "~/lib/page";
import { CaseStudyCards } from "~/components/sections/case-study-cards";
import { ResultFigures } from "~/components/sections/result-figures";
import { caseStudy } from "~/content/case-study";
import { pagePaths } from "@common/paths";
import { PageHero } from "~/components/sections/page-hero";
import { NamedSections } from "~/components/sections/page-section";
import { Testimonials } from "~/components/sections/testimonials";
import { DownloadIcon } from "~/components/ui/icons";
import { getMeta } from "~/lib/meta";

export const meta: MetaFunction = () => getMeta({ ...caseStudy.seo, path: pagePaths.caseStudy });

const sections = [
  { id: "highlights", heading: "Highlights", items: caseStudy.highlights },
  { id: "challenges", heading: "Challenges", items: caseStudy.challenges },
  { id: "solutions", heading: "Solutions", items: caseStudy.solutions },
  { id: "benefits", heading: "Benefits", items: caseStudy.benefits },
].map(({ id, heading, items }) => ({
  id,
  heading,
  content: (
    <ul className="mt-4 list-disc space-y-2 pl-5 text-muted">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  ),
}));

/** The case studies published from the console, listed under this one. */
export function loader({ published }: LoaderArgs) {
  return { published: published.caseStudies };
}

export default function CaseStudyPage({ data }: PageProps<ReturnType<typeof loader>>) {
  return (
    <>
      <PageHero
        eyebrow={`Case study · ${caseStudy.client}`}
        headline={caseStudy.projectName}
        intro={<p>{caseStudy.summary}</p>}
        image={caseStudyImage}
      >
        {/* A real PDF that ships with the site. */}
        <a href={caseStudy.brochure.href} download className="btn-primary">
          <DownloadIcon width={20} height={20} /> Download Project Brochure
          <span className="sr-only"> ({caseStudy.brochure.sizeLabel})</span>
        </a>
        <span className="self-center text-sm text-muted" aria-hidden="true">
          {caseStudy.brochure.sizeLabel}
        </span>
      </PageHero>
      <section className="container-page py-12">
        <p className="max-w-3xl text-lg leading-8">{caseStudy.description}</p>
        <ResultFigures
          results={caseStudy.results.map(({ value, label }) => ({ figure: value, label }))}
        />
      </section>
      <NamedSections
        className="container-page grid gap-6 pb-16 md:grid-cols-2"
        sectionClassName="rounded-2xl border border-gray-200 p-6"
        sections={sections}
      />
      <CaseStudyCards items={data.published} />
      <Testimonials />
    </>
  );
}
