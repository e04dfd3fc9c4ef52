import type { Feature } from "~/content/types";
import { FeatureCards } from "./feature-cards";
import { HeadedSection } from "./section-heading";

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
  return (
    <HeadedSection
      id={id}
      heading={heading}
      intro={intro}
      className="container-page scroll-mt-24 py-16"
    >
      <FeatureCards
        features={features}
        numbered={numbered}
        className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
        cardClassName="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm"
        titleClassName="flex items-baseline gap-3 text-lg font-bold text-brand-900"
      />
    </HeadedSection>
  );
}
