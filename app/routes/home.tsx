import heroImage from "~/assets/images/hero-payments.svg";
import type { MetaFunction } from "~/lib/page";
import { homePage } from "~/content/home";
import { apiPaths, pagePaths } from "@common/paths";
import { site } from "@common/site";
import { NewsletterSection } from "~/components/forms/newsletter-signup";
import { Island } from "~/islands/island";
import { useRefusedForm } from "~/lib/refused-form";
import { homeIslands } from "~/islands/entries/home";
import { ContactSalesLink } from "~/components/sections/contact-sales-link";
import { InnovationBanner } from "~/components/sections/innovation-banner";
import { OfferCards } from "~/components/sections/offer-cards";
import { PageHero } from "~/components/sections/page-hero";
import { PartnerStrip } from "~/components/sections/partner-strip";
import { StatsStrip } from "~/components/sections/stats-strip";
import { Testimonials } from "~/components/sections/testimonials";
import { TrustBadges } from "~/components/sections/trust-badges";
import { TrustCarousel } from "~/components/sections/trust-carousel";
import { getMeta } from "~/lib/meta";

export const meta: MetaFunction = () => [
  ...getMeta({ ...homePage.seo, path: pagePaths.home }),
  // Structured data about the company for search engines.
  {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "Organization",
      name: site.legalName,
      alternateName: site.name,
      url: site.url,
      logo: `${site.url}/icon-512.png`,
      email: site.emails.general,
      telephone: site.phones[0].label,
      address: {
        "@type": "PostalAddress",
        streetAddress: site.address.street,
        addressLocality: site.address.city,
        addressCountry: "GH",
      },
      sameAs: site.social.map((s) => s.href),
    },
  },
];

export default function HomePage() {
  const { hero } = homePage;
  return (
    <>
      <PageHero
        eyebrow={hero.eyebrow}
        headline={hero.headline}
        intro={<p>{hero.intro}</p>}
        image={heroImage}
        imageWidth={560}
        imageHeight={440}
      >
        <ContactSalesLink />
        <a className="btn-outline" href={pagePaths.getStarted}>
          Get Started
        </a>
        <TrustBadges look="hero" />
      </PageHero>
      <PartnerStrip />
      <OfferCards />
      <StatsStrip />
      <TrustCarousel />
      <Testimonials />
      <InnovationBanner />
      <NewsletterSection {...homePage.newsletter}>
        <Island
          of={homeIslands}
          part="newsletter"
          props={{ refused: useRefusedForm(apiPaths.subscribe) }}
        />
      </NewsletterSection>
    </>
  );
}
