import { homePage } from "~/content/home";
import { site } from "@common/site";
import { ExternalLink } from "~/components/ui/app-link";
import { Carousel } from "~/components/ui/carousel";
import { CheckIcon } from "~/components/ui/icons";

/** The trust and API-docs section with the autoplaying card carousel; home and service pages share it. */
export function TrustCarousel() {
  const { trust } = homePage;
  return (
    <section aria-labelledby="trust-heading" className="bg-brand-50">
      <div className="container-page grid items-center gap-10 py-16 lg:grid-cols-2">
        <div>
          <p className="eyebrow">{trust.eyebrow}</p>
          <h2
            id="trust-heading"
            className="mt-2 text-3xl font-bold tracking-tight text-brand-900 sm:text-4xl"
          >
            {trust.heading}
          </h2>
          <p className="mt-4 text-lg text-muted">{trust.text}</p>
          <ul className="mt-6 space-y-3">
            {trust.points.map((point) => (
              <li key={point} className="flex gap-3">
                <CheckIcon className="mt-0.5 shrink-0 text-brand-700" />
                <span>{point}</span>
              </li>
            ))}
          </ul>
          <ExternalLink href={site.docs.home} className="btn-primary mt-8">
            {trust.docsLabel}
          </ExternalLink>
        </div>
        <Carousel
          label="Security and API highlights"
          autoplay
          slides={trust.slides.map((slide) => (
            <img
              key={slide.src}
              src={slide.src}
              alt={slide.alt}
              width="480"
              height="300"
              loading="lazy"
              draggable={false}
              className="h-auto w-full select-none"
            />
          ))}
        />
      </div>
    </section>
  );
}
