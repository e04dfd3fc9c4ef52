import { careersPage as page } from "~/content/careers";
import type { LoaderArgs, MetaFunction, PageProps } from "~/lib/page";
import { positions } from "~/content/positions";
import { pagePaths } from "@common/paths";
import { FeatureCards } from "~/components/sections/feature-cards";
import { PageHero } from "~/components/sections/page-hero";
import { PageSection, SMALL_SECTION_TITLE } from "~/components/sections/page-section";
import { PositionList } from "~/components/sections/position-list";
import { getMeta } from "~/lib/meta";

export const meta: MetaFunction = () => getMeta({ ...page.seo, path: pagePaths.careers });

/** The positions published from the console, beside those of content/positions.ts. */
export function loader({ published }: LoaderArgs) {
  return { published: published.positions };
}

export default function CareersPage({ data }: PageProps<ReturnType<typeof loader>>) {
  return (
    <>
      <PageHero headline={page.banner} intro={<p>{page.intro}</p>} image={page.image} />
      <PageSection
        headingId="perks-heading"
        heading="Why work with us"
        headingClassName={SMALL_SECTION_TITLE}
        className="container-page pb-12"
      >
        <FeatureCards
          features={page.perks}
          className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4"
          cardClassName="rounded-2xl bg-brand-50 p-6"
          titleClassName="font-bold text-brand-900"
        />
      </PageSection>
      <PageSection
        headingId="positions-heading"
        heading="Open Positions"
        className="container-page max-w-4xl pb-16"
      >
        <PositionList items={positions} published={data.published} />
        <p className="mt-8 text-muted">{page.howToApply}</p>
      </PageSection>
    </>
  );
}
