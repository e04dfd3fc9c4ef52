import { testimonials } from "~/content/testimonials";
import { Carousel } from "~/components/ui/carousel";
import { Avatar } from "./avatar";
import { HeadedSection } from "./section-heading";

/** Customer quotes; previous and next wrap around. */
export function Testimonials() {
  return (
    <HeadedSection
      id="testimonials-heading"
      eyebrow="Testimonials"
      heading="What our customers say"
    >
      <div className="mx-auto mt-8 max-w-3xl">
        <Carousel
          label="Customer testimonials"
          slides={testimonials.map((t) => (
            <figure key={t.id} className="rounded-2xl border border-gray-200 bg-white p-6 sm:p-10">
              <blockquote className="text-lg leading-8 text-ink sm:text-xl">“{t.quote}”</blockquote>
              <figcaption className="mt-6 flex items-center gap-4">
                <Avatar src={t.image} size={96} className="size-14 rounded-full" />
                <span>
                  <span className="block font-semibold text-brand-900">{t.author}</span>
                  <span className="block text-sm text-muted">
                    {t.role}, {t.company}
                  </span>
                </span>
              </figcaption>
            </figure>
          ))}
        />
      </div>
    </HeadedSection>
  );
}
