import type { Feature } from "~/content/types";
import { SectionHeading } from "./section-heading";

/** A heading over cards of features; numbered when the count matters (ASLAN's 14). */
export function FeatureGrid({
  id,
  heading,
  intro,
  features,
  numbered = false,
}: {
  id: string;
  heading: string;
  intro?: string;
  features: readonly Feature[];
  numbered?: boolean;
}) {
  const List = numbered ? "ol" : "ul";
  return (
    <section aria-labelledby={id} className="container-page scroll-mt-24 py-16">
      <SectionHeading id={id} heading={heading} intro={intro} />
      <List className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {features.map((feature, index) => (
          <li
            key={feature.title}
            className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm"
          >
            <h3 className="flex items-baseline gap-3 text-lg font-bold text-brand-900">
              {numbered ? (
                <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-gold-400 text-sm text-ink">
                  {index + 1}
                </span>
              ) : null}
              {feature.title}
            </h3>
            <p className="mt-2 text-muted">{feature.description}</p>
          </li>
        ))}
      </List>
    </section>
  );
}
