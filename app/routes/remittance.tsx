import { Link } from "react-router";
import type { Route } from "./+types/remittance";
import { remittancePage as page } from "~/content/remittance";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { PageHero } from "~/components/sections/page-hero";
import { StepList } from "~/components/sections/step-list";
import { ExternalLink } from "~/components/ui/app-link";
import { CheckIcon } from "~/components/ui/icons";
import { getMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = () => getMeta({ ...page.seo, path: page.path });

export default function RemittancePage() {
  return (
    <>
      <PageHero
        eyebrow={page.eyebrow}
        headline={page.headline}
        intro={<p>{page.intro}</p>}
        image={page.image}
        imageAlt={page.imageAlt}
      >
        <Link to="/contact-us" className="btn-primary">
          Contact Sales
        </Link>
        <ExternalLink href={page.payoutsApiUrl} className="btn-outline">
          Access Payouts API
        </ExternalLink>
      </PageHero>
      <FeatureGrid
        id="remittance-features"
        heading="Built for money transfer organisations"
        features={page.features}
      />
      <section aria-labelledby="corridors-heading" className="container-page pb-16">
        <h2 id="corridors-heading" className="text-2xl font-bold text-brand-900">
          Where your payouts land
        </h2>
        <ul className="mt-4 grid gap-3 md:grid-cols-3">
          {page.corridors.map((corridor) => (
            <li key={corridor} className="flex gap-3 rounded-xl border border-gray-200 p-4">
              <CheckIcon className="shrink-0 text-brand-700" />
              {corridor}
            </li>
          ))}
        </ul>
        <p className="mt-6">
          Recipients without internet access can check and confirm payouts by USSD.{" "}
          <ExternalLink href={page.ussdApiUrl} className="font-semibold text-brand-700 underline">
            Read the USSD API docs
          </ExternalLink>
        </p>
      </section>
      <StepList heading="How it works" steps={page.steps} />
    </>
  );
}
