import { eCommercePage as page } from "~/content/catalogue";
import type { MetaFunction } from "~/lib/page";
import { pagePaths } from "@common/paths";
import { CatalogueGrid } from "~/components/sections/catalogue-grid";
import { ContactSalesLink } from "~/components/sections/contact-sales-link";
import { OfferLanding } from "~/components/sections/offer-landing";
import { getMeta } from "~/lib/meta";

export const meta: MetaFunction = () => getMeta({ ...page.seo, path: pagePaths.eCommerce });

export default function ECommercePage() {
  return (
    <OfferLanding page={page} actions={<ContactSalesLink />}>
      <section className="container-page pb-16">
        <CatalogueGrid cards={page.cards} label="E-commerce offerings" />
      </section>
    </OfferLanding>
  );
}
