import { innovationHubPage as page } from "~/content/innovation-hub";
import type { MetaFunction } from "~/lib/page";
import { mailtoHref } from "@common/mailto";
import { pagePaths } from "@common/paths";
import { site } from "@common/site";
import { LogoHomeLink } from "~/components/layout/brand-logo";
import { SocialLinks } from "~/components/layout/social-links";
import { FeatureCards } from "~/components/sections/feature-cards";
import { HERO_WITH_IMAGE, HeroBand, HeroImage, PageTitle } from "~/components/sections/page-hero";
import { PageSection, SECTION_TITLE } from "~/components/sections/page-section";
import { CurrentYear } from "~/components/ui/current-year";
import { MailIcon } from "~/components/ui/icons";
import { getMeta } from "~/lib/meta";

export const meta: MetaFunction = () => getMeta({ ...page.seo, path: pagePaths.innovationHub });

// The hub is a campaign page with its own slim header and footer instead of the site's: its
// route is `standalone` in app/routes.ts.

const innovationMail = mailtoHref(site.emails.innovation);

export default function InnovationHubPage() {
  return (
    <>
      <header className="border-b border-gray-200 bg-white">
        <div className="container-page flex h-16 items-center justify-between gap-4">
          <LogoHomeLink className="rounded" logoClassName="h-9 w-auto" />
          <a href={innovationMail} className="btn-outline min-h-11 px-4">
            <MailIcon width={18} height={18} /> {page.contactLabel}
          </a>
        </div>
      </header>
      <main id="main">
        <HeroBand className={HERO_WITH_IMAGE}>
          <div>
            <PageTitle>{page.headline}</PageTitle>
            <p className="mt-5 text-lg leading-8 text-muted">{page.intro}</p>
            <a href="#apply" className="btn-primary mt-8">
              Apply to join
            </a>
          </div>
          <HeroImage src={page.image} />
        </HeroBand>
        <PageSection
          headingId="benefits-heading"
          heading="What startups get"
          headingClassName={`text-center ${SECTION_TITLE}`}
          className="container-page py-16"
        >
          <FeatureCards
            features={page.benefits}
            className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4"
            cardClassName="rounded-2xl border border-gray-200 p-6 shadow-sm"
          />
        </PageSection>
        <section id="apply" aria-labelledby="apply-heading" className="scroll-mt-6 bg-brand-50">
          <div className="container-page max-w-4xl py-16">
            <h2 id="apply-heading" className={SECTION_TITLE}>
              {page.formHeading}
            </h2>
            <p className="mt-3 text-muted">{page.formIntro}</p>
            <ApplicationFrame />
            <p className="mt-4 text-sm text-muted">
              The form does not load? Write to{" "}
              <a href={innovationMail} className="font-semibold text-brand-700 underline">
                {site.emails.innovation}
              </a>{" "}
              instead.
            </p>
          </div>
        </section>
      </main>
      <footer className="bg-brand-900 text-brand-50">
        <div className="container-page flex flex-col items-center justify-between gap-6 py-8 sm:flex-row">
          <SocialLinks />
          <p>
            © <CurrentYear /> {site.legalName}. All rights reserved.
          </p>
        </div>
      </footer>
    </>
  );
}

// The frame and the placeholder that holds its space take the same box.
const FRAME_BOX = "mt-8 h-[900px] w-full rounded-2xl border border-gray-300 bg-white";

const FRAME_TITLE = `${page.formHeading} (form hosted by our forms provider)`;
const FRAME_PROPS = {
  loading: "lazy",
  referrerPolicy: "strict-origin-when-cross-origin",
  sandbox: "allow-forms allow-scripts allow-same-origin allow-popups",
} as const;

/**
 * The forms provider's page in a frame. It gets its address once this page has loaded
 * (app/widgets/frames.ts), so the other site's request and scripts never compete with the first
 * paint on a slow phone; without JavaScript the <noscript> copy loads at once.
 */
function ApplicationFrame() {
  return (
    <>
      <noscript>
        <iframe
          src={site.innovationHubFormUrl}
          title={FRAME_TITLE}
          {...FRAME_PROPS}
          className={FRAME_BOX}
        />
      </noscript>
      <iframe
        data-src={site.innovationHubFormUrl}
        title={FRAME_TITLE}
        {...FRAME_PROPS}
        className={`${FRAME_BOX} noscript:hidden`}
      />
    </>
  );
}
