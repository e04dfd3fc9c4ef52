import { Link } from "react-router";
import type { Route } from "./+types/home";
import heroImage from "~/assets/images/hero-payments.svg";
import { homePage } from "~/content/home";
import { site } from "@shared/site";
import { trustBadges } from "~/content/trust-badges";
import { NewsletterSignup } from "~/components/forms/newsletter-signup";
import { InnovationBanner } from "~/components/sections/innovation-banner";
import { OfferCards } from "~/components/sections/offer-cards";
import { PageHero } from "~/components/sections/page-hero";
import { PartnerStrip } from "~/components/sections/partner-strip";
import { StatsStrip } from "~/components/sections/stats-strip";
import { Testimonials } from "~/components/sections/testimonials";
import { TrustCarousel } from "~/components/sections/trust-carousel";
import { getMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = () => [
  ...getMeta({ ...homePage.seo, path: "/" }),
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
        <Link to="/contact-us" className="btn-primary">
          Contact Sales
        </Link>
        <Link to="/get-started" className="btn-outline">
          Get Started
        </Link>
        <ul
          className="mt-4 flex w-full flex-wrap items-center gap-3"
          aria-label="Certifications and licence"
        >
          {trustBadges.map((badge) => (
            <li key={badge.alt}>
              <img
                src={badge.src}
                alt={badge.alt}
                width="140"
                height="56"
                className="h-12 w-auto"
              />
            </li>
          ))}
        </ul>
      </PageHero>
      <PartnerStrip />
      <OfferCards />
      <StatsStrip />
      <TrustCarousel />
      <Testimonials />
      <InnovationBanner />
      <NewsletterSignup heading={homePage.newsletter.heading} text={homePage.newsletter.text} />
    </>
  );
}
