import { partners } from "~/content/home";
import { type LogoRowLook, LogoRow } from "./logo-row";

const LOOK: LogoRowLook = {
  list: "mt-6 flex flex-wrap items-center justify-center gap-x-12 gap-y-6",
  image: "h-10 w-auto",
  width: 160,
  height: 48,
  lazy: true,
};

const logos = partners.map((partner) => ({ src: partner.image, alt: partner.name }));

/** The strip of three partner logos. */
export function PartnerStrip() {
  return (
    <section aria-labelledby="partners-heading" className="border-y border-gray-200 bg-white">
      <div className="container-page py-8">
        <h2
          id="partners-heading"
          className="text-center text-sm font-semibold tracking-wider text-muted uppercase"
        >
          Trusted by banks, institutions and businesses across Ghana
        </h2>
        <LogoRow logos={logos} look={LOOK} />
      </div>
    </section>
  );
}
