import type { CatalogueCard } from "~/content/catalogue";
import { AppLink } from "~/components/ui/app-link";
import { ArrowRight } from "~/components/ui/icons";

/**
 * Two-column product cards. A COMING SOON card is not a link; the others link to
 * their page, or to another site in a new tab.
 */
export function CatalogueGrid({
  cards,
  label,
}: {
  cards: readonly CatalogueCard[];
  label: string;
}) {
  return (
    <ul className="grid gap-6 md:grid-cols-2" aria-label={label}>
      {cards.map((card) => (
        <li
          key={card.title}
          className={`flex flex-col overflow-hidden rounded-2xl border border-gray-200 bg-gradient-to-br ${card.gradient ?? "from-white to-brand-50"}`}
        >
          <img
            src={card.image}
            alt=""
            width="480"
            height="360"
            loading="lazy"
            className="h-auto max-h-64 w-full object-contain p-4"
          />
          <div className="flex flex-1 flex-col p-6 pt-0">
            <h2 className="flex flex-wrap items-center gap-3 text-xl font-bold text-brand-900">
              {card.title}
              {card.comingSoon ? (
                <span className="rounded-full bg-gold-400 px-3 py-1 text-xs font-bold tracking-wider text-ink">
                  COMING SOON
                </span>
              ) : null}
            </h2>
            <p className="mt-2 flex-1 text-muted">{card.description}</p>
            {card.link && !card.comingSoon ? (
              <AppLink
                link={card.link}
                className="mt-4 inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
              >
                {card.link.label} <ArrowRight width={18} height={18} />
              </AppLink>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
