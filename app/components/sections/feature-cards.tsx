import type { Feature } from "~/content/types";

/**
 * Cards of titled points (values, perks, benefits, features), each a title and a sentence.
 * Numbered cards form an ordered list and show their number before the title.
 */
export function FeatureCards({
  features,
  className,
  cardClassName,
  titleClassName = "text-lg font-bold text-brand-900",
  numbered = false,
}: {
  features: readonly Feature[];
  className: string;
  cardClassName: string;
  titleClassName?: string;
  numbered?: boolean;
}) {
  const List = numbered ? "ol" : "ul";
  return (
    <List className={className}>
      {features.map((feature, index) => (
        <li key={feature.title} className={cardClassName}>
          <h3 className={titleClassName}>
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
  );
}
