import { mailtoHref } from "@common/mailto";
import { fullAddress, site } from "@common/site";
import { ExternalLink } from "~/components/ui/app-link";
import { MailIcon, PhoneIcon, PinIcon } from "~/components/ui/icons";

/** Address, Call and Mail cards with the map link (help centre and contact page). */
export function ContactCards() {
  return (
    <section aria-labelledby="contact-cards-heading" className="container-page">
      <h2 id="contact-cards-heading" className="sr-only">
        How to reach us
      </h2>
      <ul className="grid gap-6 md:grid-cols-3">
        <li className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
          <PinIcon className="text-brand-700" />
          <h3 className="mt-3 text-lg font-bold text-brand-900">Address</h3>
          <p className="mt-2 text-muted">{fullAddress()}</p>
          <p className="text-muted">Digital address: {site.address.gps}</p>
          <ExternalLink
            href={site.mapsUrl}
            className="mt-3 inline-block font-semibold text-brand-700 underline"
          >
            View location on map
          </ExternalLink>
        </li>
        <li className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
          <PhoneIcon className="text-brand-700" />
          <h3 className="mt-3 text-lg font-bold text-brand-900">Call</h3>
          <ul className="mt-2 space-y-1">
            {site.phones.map((phone) => (
              <li key={phone.href}>
                <a href={phone.href} className="font-semibold text-brand-700 underline">
                  {phone.label}
                </a>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-muted">{site.hours.long}</p>
        </li>
        <li className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
          <MailIcon className="text-brand-700" />
          <h3 className="mt-3 text-lg font-bold text-brand-900">Mail</h3>
          <ul className="mt-2 space-y-1">
            {[site.emails.general, site.emails.support].map((email) => (
              <li key={email}>
                <a
                  href={mailtoHref(email)}
                  className="font-semibold break-all text-brand-700 underline"
                >
                  {email}
                </a>
              </li>
            ))}
          </ul>
        </li>
      </ul>
    </section>
  );
}
