import { Link } from "react-router";
import type { Route } from "./+types/value-added-services";
import offerImage from "~/assets/images/offer-value-added-services.svg";
import { valueAddedServicesPage as page } from "~/content/catalogue";
import { CatalogueGrid } from "~/components/sections/catalogue-grid";
import { PageHero } from "~/components/sections/page-hero";
import { getMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = () =>
  getMeta({ ...page.seo, path: "/services/value-added-services" });

export default function ValueAddedServicesPage() {
  return (
    <>
      <PageHero
        eyebrow={page.eyebrow}
        headline={page.headline}
        intro={<p>{page.intro}</p>}
        image={offerImage}
        imageWidth={400}
        imageHeight={260}
      >
        <Link to={page.demoCta.to} className="btn-primary">
          {page.demoCta.label}
        </Link>
      </PageHero>
      <section className="container-page pb-16">
        <CatalogueGrid cards={page.cards} label="Value added services" />
      </section>
      <section aria-labelledby="vas-demo-heading" className="container-page pb-16">
        <div className="rounded-3xl bg-brand-800 px-6 py-10 text-center text-white sm:px-10">
          <h2 id="vas-demo-heading" className="text-3xl font-bold">
            {page.demoCta.heading}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-brand-50">{page.demoCta.text}</p>
          <Link to={page.demoCta.to} className="btn-gold mt-6">
            {page.demoCta.label}
          </Link>
        </div>
      </section>
    </>
  );
}
