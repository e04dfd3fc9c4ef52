import { getStartedPage as page } from "~/content/get-started";
import type { MetaFunction } from "~/lib/page";
import { pagePaths } from "@common/paths";
import { CheckList } from "~/components/sections/check-list";
import { ContactSalesLink } from "~/components/sections/contact-sales-link";
import { PageHero } from "~/components/sections/page-hero";
import { PageSection, SMALL_SECTION_TITLE } from "~/components/sections/page-section";
import { getMeta } from "~/lib/meta";

// The placeholder for merchant onboarding, until merchants can sign up online.
export const meta: MetaFunction = () => getMeta({ ...page.seo, path: pagePaths.getStarted });

export default function GetStartedPage() {
  return (
    <>
      <PageHero headline={page.headline} intro={<p>{page.text}</p>} image={page.image}>
        <ContactSalesLink />
      </PageHero>
      <PageSection
        headingId="checklist-heading"
        heading="Get your documents ready"
        headingClassName={SMALL_SECTION_TITLE}
        className="container-page max-w-3xl pb-16"
      >
        <CheckList
          items={page.checklist}
          className="mt-4 space-y-3"
          iconClassName="mt-0.5 shrink-0 text-brand-700"
        />
      </PageSection>
    </>
  );
}
