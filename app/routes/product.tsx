import { Link, useLocation } from "react-router";
import type { Route } from "./+types/product";
import { getProductPage } from "~/content/products";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { PageHero } from "~/components/sections/page-hero";
import { Testimonials } from "~/components/sections/testimonials";
import { CheckIcon } from "~/components/ui/icons";
import { getMeta } from "~/lib/meta";
import { prefersReducedMotion } from "~/lib/motion";

// One module for the four software products; the URL picks the content (app/content/products.ts).
export const meta: Route.MetaFunction = ({ location }) => {
  const page = getProductPage(location.pathname);
  return page ? getMeta({ ...page.seo, path: page.path }) : [];
};

const FEATURES_ID = "features";

export default function ProductPage() {
  const page = getProductPage(useLocation().pathname);
  if (!page) return null;
  const numbered = page.features.length > 6;
  return (
    <>
      <PageHero
        eyebrow={page.eyebrow}
        headline={page.headline}
        intro={<p>{page.intro}</p>}
        image={page.image}
        imageAlt={page.imageAlt}
      >
        <Link to={page.demoPath} className="btn-primary">
          Request a Demo
        </Link>
        {numbered ? (
          <a
            href={`#${FEATURES_ID}`}
            className="btn-outline"
            onClick={(event) => {
              // Scroll smoothly (unless reduced motion) and move focus to the list for keyboard users.
              const target = document.getElementById(FEATURES_ID);
              if (!target) return;
              event.preventDefault();
              target.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth" });
              target.focus({ preventScroll: true });
            }}
          >
            See Features
          </a>
        ) : null}
      </PageHero>
      <section aria-labelledby="audiences-heading" className="container-page py-12">
        <h2 id="audiences-heading" className="text-2xl font-bold text-brand-900">
          Made for
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {page.audiences.map((audience) => (
            <li key={audience} className="flex gap-3 rounded-xl bg-brand-50 p-4">
              <CheckIcon className="shrink-0 text-brand-700" />
              {audience}
            </li>
          ))}
        </ul>
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
            <Link to={page.demoPath} className="btn-primary">
              Request a Demo
            </Link>
          </div>
        </div>
      </section>
      <Testimonials />
    </>
  );
}
