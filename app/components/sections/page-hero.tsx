import type { ReactNode } from "react";

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

/**
 * The top of most pages: the page's only h1, an intro and its actions. The illustration is the
 * usual LCP element, so it loads eagerly with high priority.
 */
export function PageHero({
  eyebrow,
  headline,
  intro,
  image,
  imageAlt = "",
  imageWidth = 480,
  imageHeight = 360,
  children,
}: PageHeroProps) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="container-page grid items-center gap-10 py-12 md:grid-cols-2 lg:py-20">
        <div>
          {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">
            {headline}
          </h1>
          {intro ? <div className="mt-5 text-lg leading-8 text-muted">{intro}</div> : null}
          {children ? <div className="mt-8 flex flex-wrap gap-3">{children}</div> : null}
        </div>
        {image ? (
          <img
            src={image}
            alt={imageAlt}
            width={imageWidth}
            height={imageHeight}
            fetchPriority="high"
            className="mx-auto h-auto w-full max-w-lg"
          />
        ) : null}
      </div>
    </section>
  );
}
