import { contactPage as page } from "~/content/contact-us";
import type { MetaFunction } from "~/lib/page";
import { apiPaths, pagePaths } from "@common/paths";
import { ContactCards } from "~/components/sections/contact-cards";
import { JumpLink } from "~/components/sections/jump-link";
import { HeroBand, PageTitle } from "~/components/sections/page-hero";
import { SECTION_TITLE } from "~/components/sections/page-section";
import { Island } from "~/islands/island";
import { useRefusedForm } from "~/lib/refused-form";
import { contactIslands } from "~/islands/entries/contact-us";
import { getMeta } from "~/lib/meta";

export const meta: MetaFunction = () => getMeta({ ...page.seo, path: pagePaths.contactUs });

const FORM_ANCHOR = "send-us-a-message";

export default function ContactPage() {
  return (
    <>
      <HeroBand className="py-12 text-center lg:py-20">
        <PageTitle>{page.hero}</PageTitle>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-muted">{page.intro}</p>
        <p className="mt-3 font-semibold text-brand-800">{page.availability}</p>
        {/* The form's scroll-margin stops it 100px below the top. */}
        <JumpLink targetId={FORM_ANCHOR} className="btn-primary mt-8" updateAddress>
          Send Us a Message
        </JumpLink>
      </HeroBand>
      <ContactCards />
      <Island of={contactIslands} part="toaster" />
      <section
        id={FORM_ANCHOR}
        tabIndex={-1}
        aria-labelledby="contact-form-heading"
        className="container-page max-w-3xl scroll-mt-[100px] py-16 outline-none"
      >
        <h2 id="contact-form-heading" className={SECTION_TITLE}>
          {page.formHeading}
        </h2>
        <p className="mt-3 text-muted">{page.formIntro}</p>
        <p className="mt-2 text-sm text-muted">
          Fields marked <span aria-hidden="true">*</span>
          <span className="sr-only">with an asterisk</span> are required.
        </p>
        <div className="mt-8">
          <Island
            of={contactIslands}
            part="form"
            props={{ refused: useRefusedForm(apiPaths.contact) }}
          />
        </div>
      </section>
    </>
  );
}
