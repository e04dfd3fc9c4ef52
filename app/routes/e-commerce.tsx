import { Link } from "react-router";
import type { Route } from "./+types/e-commerce";
import offerImage from "~/assets/images/offer-e-commerce.svg";
import { eCommercePage as page } from "~/content/catalogue";
import { CatalogueGrid } from "~/components/sections/catalogue-grid";
import { PageHero } from "~/components/sections/page-hero";
import { getMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = () =>
  getMeta({ ...page.seo, path: "/services/e-commerce" });

export default function ECommercePage() {
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
        <Link to="/contact-us" className="btn-primary">
          Contact Sales
        </Link>
      </PageHero>
      <section className="container-page pb-16">
        <CatalogueGrid cards={page.cards} label="E-commerce offerings" />
      </section>
    </>
  );
}
