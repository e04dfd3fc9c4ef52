import { caseStudyPath } from "@common/paths";
import type { PublishedCaseStudy } from "@common/published";
import { MediaImage } from "./media-image";
import { PageSection } from "./page-section";

/**
 * "More case studies" on /case-study: the case studies published from the console, each a card
 * linking to its page (routes/case-study-story.tsx). Nothing when none is published, so the built
 * page stays as it was.
 */
export function CaseStudyCards({ items }: { items: readonly PublishedCaseStudy[] }) {
  if (items.length === 0) return null;
  return (
    <PageSection
      headingId="more-case-studies-heading"
      heading="More case studies"
      className="container-page pb-16"
    >
      <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <li key={item.slug} className="overflow-hidden rounded-2xl border border-gray-200">
            {item.cover ? (
              <MediaImage
                image={item.cover}
                sizes="(min-width: 64rem) 24rem, (min-width: 48rem) 50vw, 100vw"
                className="aspect-video h-auto w-full object-cover"
              />
            ) : null}
            <div className="p-6">
              <p className="eyebrow">
                {item.client} · {item.sector}
              </p>
              <h3 className="mt-2 text-xl font-bold text-brand-900">
                <a className="underline-offset-4 hover:underline" href={caseStudyPath(item.slug)}>
                  {item.title}
                </a>
              </h3>
              <p className="mt-2 text-muted">{item.summary}</p>
            </div>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
