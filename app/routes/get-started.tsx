import { Link } from "react-router";
import type { Route } from "./+types/get-started";
import { getStartedPage as page } from "~/content/pages";
import { PageHero } from "~/components/sections/page-hero";
import { CheckIcon } from "~/components/ui/icons";
import { getMeta } from "~/lib/meta";

// D13: the merchant onboarding placeholder lives at /get-started.
export const meta: Route.MetaFunction = () => getMeta({ ...page.seo, path: "/get-started" });

export default function GetStartedPage() {
  return (
    <>
      <PageHero headline={page.headline} intro={<p>{page.text}</p>} image={page.image}>
        <Link to="/contact-us" className="btn-primary">
          Contact Sales
        </Link>
      </PageHero>
      <section aria-labelledby="checklist-heading" className="container-page max-w-3xl pb-16">
        <h2 id="checklist-heading" className="text-2xl font-bold text-brand-900">
          Get your documents ready
        </h2>
        <ul className="mt-4 space-y-3">
          {page.checklist.map((item) => (
            <li key={item} className="flex gap-3">
              <CheckIcon className="mt-0.5 shrink-0 text-brand-700" />
              {item}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
