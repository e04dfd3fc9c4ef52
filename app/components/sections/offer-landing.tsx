import type { ReactNode } from "react";
import type { OfferPage } from "~/content/catalogue";
import { ContentHero } from "./content-hero";

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
      <ContentHero page={page} imageSize={{ width: 400, height: 260 }}>
        {actions}
      </ContentHero>
      {children}
    </>
  );
}
