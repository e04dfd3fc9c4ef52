import type { ReactNode } from "react";
import type { OfferPage } from "~/content/catalogue";
import { PageHero } from "./page-hero";

/**
 * The layout of the three "What we offer" pages: the offer's hero with its actions, then the
 * page's own sections.
 */
export function OfferLanding({
  page,
  actions,
  children,
}: {
  page: OfferPage;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <PageHero
        eyebrow={page.eyebrow}
        headline={page.headline}
        intro={<p>{page.intro}</p>}
        image={page.image}
        imageWidth={400}
        imageHeight={260}
      >
        {actions}
      </PageHero>
      {children}
    </>
  );
}
