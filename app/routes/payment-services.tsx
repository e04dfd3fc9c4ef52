import { paymentServicesPage as page } from "~/content/catalogue";
import type { MetaFunction } from "~/lib/page";
import { pagePaths } from "@common/paths";
import { OfferLanding } from "~/components/sections/offer-landing";
import { PageSection } from "~/components/sections/page-section";
import { ArrowRight } from "~/components/ui/icons";
import { getMeta } from "~/lib/meta";

export const meta: MetaFunction = () => getMeta({ ...page.seo, path: pagePaths.paymentServices });

export default function PaymentServicesPage() {
  return (
    <OfferLanding page={page}>
      <PageSection
        headingId="payment-services-list"
        heading="Our payment services"
        headingClassName="sr-only"
        className="container-page pb-16"
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {page.links.map((link) => (
            <li key={link.to}>
              <a
                className="group flex h-full flex-col rounded-2xl border border-gray-200 p-6 hover:border-brand-600 hover:bg-brand-50"
                href={link.to}
              >
                <span className="flex items-center justify-between text-lg font-bold text-brand-900">
                  {link.label}
                  <ArrowRight className="text-brand-700 transition-transform group-hover:translate-x-1" />
                </span>
                <span className="mt-2 text-muted">{link.description}</span>
              </a>
            </li>
          ))}
        </ul>
      </PageSection>
    </OfferLanding>
  );
}
