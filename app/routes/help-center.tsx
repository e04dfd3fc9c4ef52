import { pagePaths } from "@common/paths";
import type { MetaFunction } from "~/lib/page";
import { faqs, helpCenterPage as page } from "~/content/faqs";
import { ContactCards } from "~/components/sections/contact-cards";
import { Island } from "~/islands/island";
import { helpCenterIslands } from "~/islands/entries/help-center";
import { NEWSLETTER_DIALOG_ID } from "~/content/navigation";
import { AppLink } from "~/components/ui/app-link";
import { Accordion } from "~/components/ui/accordion";
import { opensDialog } from "~/components/ui/dialog";
import { getMeta } from "~/lib/meta";

export const meta: MetaFunction = () => getMeta({ ...page.seo, path: pagePaths.helpCenter });

export default function HelpCenterPage() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="container-page py-12 text-center lg:py-20">
          <p className="eyebrow">{page.eyebrow}</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">
            {page.headline}
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-muted">{page.intro}</p>
        </div>
      </section>
      <ContactCards />
      <section aria-labelledby="faq-heading" className="container-page max-w-4xl py-16">
        <h2 id="faq-heading" className="mb-8 text-center text-3xl font-bold text-brand-900">
          Frequently asked questions
        </h2>
        <Accordion
          items={faqs.map((faq) => ({
            id: faq.id,
            heading: faq.question,
            content: (
              <>
                <p className="leading-7 text-muted">{faq.answer}</p>
                {faq.link ? (
                  <p className="mt-3">
                    <AppLink link={faq.link} className="font-semibold text-brand-700 underline" />
                  </p>
                ) : null}
              </>
            ),
          }))}
          defaultOpenId={faqs[0]?.id}
          panelClassName="max-h-[500px] overflow-y-auto"
        />
      </section>
      <section aria-labelledby="newsletter-corner-heading" className="bg-brand-50">
        <div className="container-page max-w-4xl py-12 text-center">
          <h2 id="newsletter-corner-heading" className="text-2xl font-bold text-brand-900">
            {page.newsletter.heading}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-muted">{page.newsletter.text}</p>
          {/* Opens the dialog without waiting for script; focus comes back here when it closes. */}
          <button {...opensDialog(NEWSLETTER_DIALOG_ID)} className="btn-primary mt-6">
            {page.newsletter.button}
          </button>
        </div>
      </section>
      <Island of={helpCenterIslands} part="newsletter" />
    </>
  );
}
