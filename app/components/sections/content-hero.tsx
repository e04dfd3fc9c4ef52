import type { ReactNode } from "react";
import { pagePaths } from "@common/paths";
import type { HeroCopy } from "~/content/hero";
import { ExternalLink } from "~/components/ui/app-link";
import { PageHero } from "./page-hero";

/**
 * The hero of a page whose copy is a `HeroCopy`, with the page's actions as children. An
 * illustration without alt text is decorative; `imageSize` is for illustrations drawn to another
 * size than the hero's default.
 */
export function ContentHero({
  page,
  imageSize,
  children,
}: {
  page: Omit<HeroCopy, "imageAlt"> & { imageAlt?: string };
  imageSize?: { width: number; height: number };
  children?: ReactNode;
}) {
  return (
    <PageHero
      eyebrow={page.eyebrow}
      headline={page.headline}
      intro={<p>{page.intro}</p>}
      image={page.image}
      imageAlt={page.imageAlt}
      imageWidth={imageSize?.width}
      imageHeight={imageSize?.height}
    >
      {children}
    </PageHero>
  );
}

/** The hero of a payment service: Contact Sales, and a link to the service's API docs. */
export function SalesHero({
  page,
  docsUrl,
  docsLabel,
}: {
  page: HeroCopy;
  docsUrl: string;
  docsLabel: string;
}) {
  return (
    <ContentHero page={page}>
      <a className="btn-primary" href={pagePaths.contactUs}>
        Contact Sales
      </a>
      <ExternalLink href={docsUrl} className="btn-outline">
        {docsLabel}
      </ExternalLink>
    </ContentHero>
  );
}
