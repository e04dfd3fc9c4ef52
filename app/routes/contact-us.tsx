import type { Route } from "./+types/contact-us";
import { contactPage as page } from "~/content/pages";
import { ContactForm } from "~/components/forms/contact-form";
import { ContactCards } from "~/components/sections/contact-cards";
import { Toaster } from "~/components/ui/toast";
import { getMeta } from "~/lib/meta";
import { prefersReducedMotion } from "~/lib/motion";

export const meta: Route.MetaFunction = () => getMeta({ ...page.seo, path: "/contact-us" });

const FORM_ANCHOR = "send-us-a-message";

export default function ContactPage() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="container-page py-12 text-center lg:py-20">
          <h1 className="text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">
            {page.hero}
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-muted">{page.intro}</p>
          <p className="mt-3 font-semibold text-brand-800">{page.availability}</p>
          <a
            href={`#${FORM_ANCHOR}`}
            className="btn-primary mt-8"
            onClick={(event) => {
              // Spec 2.10: smooth-scroll to the form; its scroll-margin stops it 100px below the top.
              const target = document.getElementById(FORM_ANCHOR);
              if (!target) return;
              event.preventDefault();
              target.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth" });
              target.focus({ preventScroll: true });
              history.replaceState(history.state, "", `#${FORM_ANCHOR}`);
            }}
          >
            Send Us a Message
          </a>
        </div>
      </section>
      <ContactCards />
      <Toaster />
      <section
        id={FORM_ANCHOR}
        tabIndex={-1}
        aria-labelledby="contact-form-heading"
        className="container-page max-w-3xl scroll-mt-[100px] py-16 outline-none"
      >
        <h2 id="contact-form-heading" className="text-3xl font-bold text-brand-900">
          {page.formHeading}
        </h2>
        <p className="mt-3 text-muted">{page.formIntro}</p>
        <p className="mt-2 text-sm text-muted">
          Fields marked <span aria-hidden="true">*</span>
          <span className="sr-only">with an asterisk</span> are required.
        </p>
        <div className="mt-8">
          <ContactForm />
        </div>
      </section>
    </>
  );
}
