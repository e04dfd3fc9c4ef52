import { valueAddedServicesPage as page } from "~/content/catalogue";
import type { MetaFunction } from "~/lib/page";
import { pagePaths } from "@common/paths";
import { CatalogueGrid } from "~/components/sections/catalogue-grid";
import { OfferLanding } from "~/components/sections/offer-landing";
import { getMeta } from "~/lib/meta";

export const meta: MetaFunction = () =>
  getMeta({ ...page.seo, path: pagePaths.valueAddedServices });

export default function ValueAddedServicesPage() {
  const { demoCta } = page;
  return (
    <OfferLanding page={page} actions={<DemoLink className="btn-primary" />}>
      <section className="container-page pb-16">
        <CatalogueGrid cards={page.cards} label="Value added services" />
      </section>
      <section aria-labelledby="vas-demo-heading" className="container-page pb-16">
        <div className="rounded-3xl bg-brand-800 px-6 py-10 text-center text-white sm:px-10">
          <h2 id="vas-demo-heading" className="text-3xl font-bold">
            {demoCta.heading}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-brand-50">{demoCta.text}</p>
          <DemoLink className="btn-gold mt-6" />
        </div>
      </section>
    </OfferLanding>
  );
}

/** "Request a Demo", in the hero and again in the banner below the products. */
function DemoLink({ className }: { className: string }) {
  return (
    <a className={className} href={page.demoCta.to}>
      {page.demoCta.label}
    </a>
  );
}
