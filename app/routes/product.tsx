import { productPages } from "~/content/products";
import type { MetaFunction } from "~/lib/page";
import { CheckList } from "~/components/sections/check-list";
import { ContentHero } from "~/components/sections/content-hero";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { JumpLink } from "~/components/sections/jump-link";
import { Testimonials } from "~/components/sections/testimonials";
import { metaFromPages, useCurrentPage } from "~/lib/page-content";

// One module for the four software products; the URL picks the content (app/content/products.ts).
export const meta: MetaFunction = metaFromPages(productPages);

const FEATURES_ID = "features";

export default function ProductPage() {
  const page = useCurrentPage(productPages);
  const numbered = page.features.length > 6;
  return (
    <>
      <ContentHero page={page}>
        <a className="btn-primary" href={page.demoPath}>
          Request a Demo
        </a>
        {numbered ? (
          <JumpLink targetId={FEATURES_ID} className="btn-outline">
            See Features
          </JumpLink>
        ) : null}
      </ContentHero>
      <section aria-labelledby="audiences-heading" className="container-page py-12">
        <h2 id="audiences-heading" className="text-2xl font-bold text-brand-900">
          Made for
        </h2>
        <CheckList
          items={page.audiences}
          className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
          itemClassName="flex gap-3 rounded-xl bg-brand-50 p-4"
        />
      </section>
      <div id={FEATURES_ID} tabIndex={-1} className="scroll-mt-24 outline-none">
        <FeatureGrid
          id="features-heading"
          heading={page.featuresHeading}
          features={page.features}
          numbered={numbered}
        />
      </div>
      <section aria-labelledby="benefits-heading" className="bg-brand-50">
        <div className="container-page py-16">
          <h2 id="benefits-heading" className="text-center text-3xl font-bold text-brand-900">
            What you gain
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {page.benefits.map((benefit) => (
              <li key={benefit.title} className="rounded-2xl bg-white p-6">
                <h3 className="text-lg font-bold text-brand-900">{benefit.title}</h3>
                <p className="mt-2 text-muted">{benefit.description}</p>
              </li>
            ))}
          </ul>
          <div className="mt-10 text-center">
            <a className="btn-primary" href={page.demoPath}>
              Request a Demo
            </a>
          </div>
        </div>
      </section>
      <Testimonials />
    </>
  );
}
