import { Link } from "react-router";
import type { Route } from "./+types/innovation-hub";
import logoUrl from "~/assets/images/logo.svg";
import { innovationHubPage as page } from "~/content/pages";
import { site } from "@shared/site";
import { SocialLinks } from "~/components/layout/social-links";
import { MailIcon } from "~/components/ui/icons";
import type { RouteHandle } from "~/root";
import { getMeta } from "~/lib/meta";
import { useHydrated } from "~/lib/motion";

export const meta: Route.MetaFunction = () => getMeta({ ...page.seo, path: "/innovation-hub" });

// The hub is a campaign page with its own slim header and footer instead of the site's.
export const handle: RouteHandle = { standalone: true };

export default function InnovationHubPage() {
  return (
    <>
      <header className="border-b border-gray-200 bg-white">
        <div className="container-page flex h-16 items-center justify-between gap-4">
          <Link to="/" className="rounded" aria-label={`${site.name} home`}>
            <img src={logoUrl} alt="" width="180" height="40" className="h-9 w-auto" />
          </Link>
          <a href={`mailto:${site.emails.innovation}`} className="btn-outline min-h-11 px-4">
            <MailIcon width={18} height={18} /> {page.contactLabel}
          </a>
        </div>
      </header>
      <main id="main">
        <section className="bg-gradient-to-b from-brand-50 to-white">
          <div className="container-page grid items-center gap-10 py-12 md:grid-cols-2 lg:py-20">
            <div>
              <h1 className="text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">
                {page.headline}
              </h1>
              <p className="mt-5 text-lg leading-8 text-muted">{page.intro}</p>
              <a href="#apply" className="btn-primary mt-8">
                Apply to join
              </a>
            </div>
            <img
              src={page.image}
              alt=""
              width="480"
              height="360"
              fetchPriority="high"
              className="mx-auto h-auto w-full max-w-lg"
            />
          </div>
        </section>
        <section aria-labelledby="benefits-heading" className="container-page py-16">
          <h2 id="benefits-heading" className="text-center text-3xl font-bold text-brand-900">
            What startups get
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {page.benefits.map((benefit) => (
              <li key={benefit.title} className="rounded-2xl border border-gray-200 p-6 shadow-sm">
                <h3 className="text-lg font-bold text-brand-900">{benefit.title}</h3>
                <p className="mt-2 text-muted">{benefit.description}</p>
              </li>
            ))}
          </ul>
        </section>
        <section id="apply" aria-labelledby="apply-heading" className="scroll-mt-6 bg-brand-50">
          <div className="container-page max-w-4xl py-16">
            <h2 id="apply-heading" className="text-3xl font-bold text-brand-900">
              {page.formHeading}
            </h2>
            <p className="mt-3 text-muted">{page.formIntro}</p>
            <ApplicationFrame />
            <p className="mt-4 text-sm text-muted">
              The form does not load? Write to{" "}
              <a
                href={`mailto:${site.emails.innovation}`}
                className="font-semibold text-brand-700 underline"
              >
                {site.emails.innovation}
              </a>{" "}
              instead.
            </p>
          </div>
        </section>
      </main>
      <footer className="bg-brand-900 text-brand-50">
        <div className="container-page flex flex-col items-center justify-between gap-6 py-8 sm:flex-row">
          <SocialLinks />
          {/* D16: the current year, like the site footer. */}
          <p>
            © {new Date().getFullYear()} {site.legalName}. All rights reserved.
          </p>
        </div>
      </footer>
    </>
  );
}

// The frame and the placeholder that holds its space take the same box.
const FRAME_BOX = "mt-8 h-[900px] w-full rounded-2xl border border-gray-300 bg-white";

/**
 * The forms provider's page in a frame (spec). It is added once this page's JavaScript runs, so
 * the other site's request and scripts never compete with the first paint on a slow phone;
 * without JavaScript the <noscript> copy loads at once. The placeholder keeps the frame's space.
 */
function ApplicationFrame() {
  const hydrated = useHydrated();
  const frame = (
    <iframe
      src={site.innovationHubFormUrl}
      title={`${page.formHeading} (form hosted by our forms provider)`}
      loading="lazy"
      referrerPolicy="strict-origin-when-cross-origin"
      sandbox="allow-forms allow-scripts allow-same-origin allow-popups"
      className={FRAME_BOX}
    />
  );
  if (hydrated) return frame;
  return (
    <>
      <noscript>{frame}</noscript>
      <div className={`${FRAME_BOX} noscript:hidden`} />
    </>
  );
}
