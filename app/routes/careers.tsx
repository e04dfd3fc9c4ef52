import type { Route } from "./+types/careers";
import { careersPage as page } from "~/content/pages";
import { positions } from "~/content/positions";
import { PositionList } from "~/components/sections/position-list";
import { PageHero } from "~/components/sections/page-hero";
import { getMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = () => getMeta({ ...page.seo, path: "/careers" });

export default function CareersPage() {
  return (
    <>
      <PageHero headline={page.banner} intro={<p>{page.intro}</p>} image={page.image} />
      <section aria-labelledby="perks-heading" className="container-page pb-12">
        <h2 id="perks-heading" className="text-2xl font-bold text-brand-900">
          Why work with us
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {page.perks.map((perk) => (
            <li key={perk.title} className="rounded-2xl bg-brand-50 p-6">
              <h3 className="font-bold text-brand-900">{perk.title}</h3>
              <p className="mt-2 text-muted">{perk.description}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="positions-heading" className="container-page max-w-4xl pb-16">
        <h2 id="positions-heading" className="text-3xl font-bold text-brand-900">
          Open Positions
        </h2>
        <PositionList items={positions} />
        <p className="mt-8 text-muted">{page.howToApply}</p>
      </section>
    </>
  );
}
