import type { ReactNode } from "react";

const TITLE_CLASS = "text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl";

/** The soft gradient band at the top of a page; `className` lays out what it holds. */
export function HeroBand({ className, children }: { className: string; children: ReactNode }) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className={`container-page ${className}`}>{children}</div>
    </section>
  );
}

/** The page's only h1. `className` adds spacing, e.g. "mt-2" below an eyebrow. */
export function PageTitle({ className, children }: { className?: string; children: ReactNode }) {
  return <h1 className={className ? `${className} ${TITLE_CLASS}` : TITLE_CLASS}>{children}</h1>;
}

interface HeroImageProps {
  src: string;
  alt?: string;
  width?: number;
  height?: number;
}

/**
 * The illustration beside a hero's text. It is the usual LCP element, so it loads eagerly with
 * high priority.
 */
export function HeroImage({ src, alt = "", width = 480, height = 360 }: HeroImageProps) {
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      fetchPriority="high"
      className="mx-auto h-auto w-full max-w-lg"
    />
  );
}

/** The layout of a hero with an illustration: text on the left, the image on the right. */
export const HERO_WITH_IMAGE = "grid items-center gap-10 py-12 md:grid-cols-2 lg:py-20";

interface PageHeroProps {
  eyebrow?: string;
  headline: string;
  intro?: ReactNode;
  image?: string;
  imageAlt?: string;
  imageWidth?: number;
  imageHeight?: number;
  children?: ReactNode;
}

/** The top of most pages: an eyebrow, the page's only h1, an intro, its actions and its illustration. */
export function PageHero({
  eyebrow,
  headline,
  intro,
  image,
  imageAlt,
  imageWidth,
  imageHeight,
  children,
}: PageHeroProps) {
  return (
    <HeroBand className={HERO_WITH_IMAGE}>
      <div>
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <PageTitle className="mt-2">{headline}</PageTitle>
        {intro ? <div className="mt-5 text-lg leading-8 text-muted">{intro}</div> : null}
        {children ? <div className="mt-8 flex flex-wrap gap-3">{children}</div> : null}
      </div>
      {image ? (
        <HeroImage src={image} alt={imageAlt} width={imageWidth} height={imageHeight} />
      ) : null}
    </HeroBand>
  );
}
