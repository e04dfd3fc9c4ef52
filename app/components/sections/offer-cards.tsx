import { homePage } from "~/content/home";
import { ArrowRight } from "~/components/ui/icons";
import { HeadedSection } from "./section-heading";

/** Home: the three "What we offer" cards. */
export function OfferCards() {
  const { offers } = homePage;
  return (
    <HeadedSection id="offers-heading" heading={offers.heading} intro={offers.intro}>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {offers.cards.map((card) => (
          <li
            key={card.to}
            className="flex flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm"
          >
            <img
              src={card.imageSrc}
              alt=""
              width="400"
              height="260"
              loading="lazy"
              className="h-auto w-full bg-brand-50"
            />
            <div className="flex flex-1 flex-col p-6">
              <h3 className="text-xl font-bold text-brand-900">{card.title}</h3>
              <p className="mt-2 flex-1 text-muted">{card.description}</p>
              <a
                className="mt-4 inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
                href={card.to}
              >
                Explore {card.title} <ArrowRight width={18} height={18} />
              </a>
            </div>
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}
