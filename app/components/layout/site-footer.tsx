import { Link } from "react-router";
import logoLightUrl from "~/assets/images/logo-light.svg";
import { footerLegal, footerResources } from "~/content/navigation";
import { fullAddress, site } from "@shared/site";
import { trustBadges } from "~/content/trust-badges";
import { ExternalLink } from "~/components/ui/app-link";
import { SocialLinks } from "./social-links";

const linkClass = "rounded text-brand-50 underline-offset-4 hover:text-white hover:underline";

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-brand-900 text-brand-50">
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Link to="/" className="inline-block rounded" aria-label={`${site.name} home`}>
            <img
              src={logoLightUrl}
              alt=""
              width="180"
              height="40"
              className="h-10 w-auto"
              loading="lazy"
            />
          </Link>
          <p className="mt-4 max-w-xs">{site.tagline}</p>
          <SocialLinks className="mt-6" />
        </div>
        <div>
          <h2 className="text-lg font-semibold text-white">Resources</h2>
          <ul className="mt-4 space-y-3">
            {footerResources.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={linkClass}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-lg font-semibold text-white">Developers</h2>
          <ul className="mt-4 space-y-3">
            <li>
              <ExternalLink href={site.docs.home} className={linkClass}>
                API Documentation
              </ExternalLink>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-lg font-semibold text-white">Contact</h2>
          <address className="mt-4 space-y-3 not-italic">
            <p>
              <a href={`mailto:${site.emails.general}`} className={linkClass}>
                {site.emails.general}
              </a>
              <br />
              <a href={`mailto:${site.emails.support}`} className={linkClass}>
                {site.emails.support}
              </a>
            </p>
            <p>
              {site.phones.map((phone, index) => (
                <span key={phone.href}>
                  {index > 0 ? <br /> : null}
                  <a href={phone.href} className={linkClass}>
                    {phone.label}
                  </a>
                </span>
              ))}
            </p>
            <p>{site.hours.long}</p>
            <p>{fullAddress()}</p>
          </address>
        </div>
      </div>
      <div className="border-t border-white/15">
        <div className="container-page flex flex-col gap-6 py-6 lg:flex-row lg:items-center lg:justify-between">
          <p>
            © {year} {site.legalName}. Licensed by the {site.licence.regulator} as a{" "}
            {site.licence.category}.
          </p>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {footerLegal.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={linkClass}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
          <ul className="hidden items-center gap-3 lg:flex" aria-label="Certifications and licence">
            {trustBadges.map((badge) => (
              <li key={badge.alt} className="rounded-lg bg-white p-1.5">
                <img
                  src={badge.src}
                  alt={badge.alt}
                  width="140"
                  height="56"
                  className="h-10 w-auto"
                  loading="lazy"
                />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
