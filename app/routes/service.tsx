import { servicePages } from "~/content/services";
import type { MetaFunction } from "~/lib/page";
import { CodeSample } from "~/components/sections/code-sample";
import { SalesHero } from "~/components/sections/content-hero";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { StepList } from "~/components/sections/step-list";
import { TrustCarousel } from "~/components/sections/trust-carousel";
import { ExternalLink } from "~/components/ui/app-link";
import { metaFromPages, useCurrentPage } from "~/lib/page-content";

// One module for the nine payment service pages; the URL picks the content (app/content/services.ts).
export const meta: MetaFunction = metaFromPages(servicePages);

export default function ServicePage() {
  const page = useCurrentPage(servicePages);
  return (
    <>
      <SalesHero
        page={page}
        docsUrl={page.developer.docsUrl}
        docsLabel={page.developer.docsLabel}
      />
      <FeatureGrid
        id="features-heading"
        heading={`Why businesses choose ${page.name}`}
        features={page.features}
      />
      <section aria-labelledby="use-cases-heading" className="container-page pb-16">
        <h2 id="use-cases-heading" className="text-2xl font-bold text-brand-900">
          Who it’s for
        </h2>
        <ul className="mt-4 grid gap-3 md:grid-cols-2">
          {page.useCases.map((useCase) => (
            <li key={useCase} className="rounded-xl border border-gray-200 p-4">
              {useCase}
            </li>
          ))}
        </ul>
      </section>
      <StepList heading="How it works" steps={page.steps} />
      <section aria-labelledby="developer-heading" className="bg-brand-900 text-white">
        <div className="container-page grid items-center gap-10 py-16 lg:grid-cols-2">
          <div>
            <p className="text-sm font-semibold tracking-wider text-gold-300 uppercase">
              For developers
            </p>
            <h2 id="developer-heading" className="mt-2 text-3xl font-bold">
              {page.developer.heading}
            </h2>
            <p className="mt-4 text-lg text-brand-50">{page.developer.description}</p>
            <ExternalLink href={page.developer.docsUrl} className="btn-gold mt-8">
              {page.developer.docsLabel}
            </ExternalLink>
          </div>
          <CodeSample code={page.developer.codeSample} label={`${page.name} API example`} />
        </div>
      </section>
      <TrustCarousel />
    </>
  );
}
