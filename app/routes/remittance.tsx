import { pagePaths } from "@common/paths";
import type { MetaFunction } from "~/lib/page";
import { remittancePage as page } from "~/content/remittance";
import { CheckList } from "~/components/sections/check-list";
import { SalesHero } from "~/components/sections/content-hero";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { StepList } from "~/components/sections/step-list";
import { ExternalLink } from "~/components/ui/app-link";
import { getMeta } from "~/lib/meta";

export const meta: MetaFunction = () => getMeta({ ...page.seo, path: pagePaths.remittance });

export default function RemittancePage() {
  return (
    <>
      <SalesHero page={page} docsUrl={page.payoutsApiUrl} docsLabel="Access Payouts API" />
      <FeatureGrid
        id="remittance-features"
        heading="Built for money transfer organisations"
        features={page.features}
      />
      <section aria-labelledby="corridors-heading" className="container-page pb-16">
        <h2 id="corridors-heading" className="text-2xl font-bold text-brand-900">
          Where your payouts land
        </h2>
        <CheckList
          items={page.corridors}
          className="mt-4 grid gap-3 md:grid-cols-3"
          itemClassName="flex gap-3 rounded-xl border border-gray-200 p-4"
        />
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
