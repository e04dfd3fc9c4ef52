import { innovationBanner } from "~/content/home";

export function InnovationBanner() {
  return (
    <section aria-labelledby="innovation-banner-heading" className="container-page py-12">
      <div className="flex flex-col items-start gap-6 rounded-3xl bg-brand-900 px-6 py-10 text-white sm:px-10 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="innovation-banner-heading" className="text-2xl font-bold sm:text-3xl">
            <span className="block text-base font-semibold tracking-wider text-gold-300">
              {innovationBanner.eyebrow}
            </span>
            {innovationBanner.heading}
          </h2>
          <p className="mt-3 max-w-xl text-brand-50">{innovationBanner.text}</p>
        </div>
        <a className="btn-gold shrink-0" href={innovationBanner.to}>
          {innovationBanner.cta}
        </a>
      </div>
    </section>
  );
}
