import { partners } from "~/content/home";

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
        <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-12 gap-y-6">
          {partners.map((partner) => (
            <li key={partner.name}>
              <img
                src={partner.image}
                alt={partner.name}
                width="160"
                height="48"
                loading="lazy"
                className="h-10 w-auto"
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
