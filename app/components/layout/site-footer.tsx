import type { ReactNode } from "react";
import { type NavLink, footerLegal, footerResources } from "~/content/navigation";
import { mailtoHref } from "@common/mailto";
import { fullAddress, site } from "@common/site";
import { TrustBadges } from "~/components/sections/trust-badges";
import { AppLink } from "~/components/ui/app-link";
import { CurrentYear } from "~/components/ui/current-year";
import { LogoHomeLink } from "./brand-logo";
import { SocialLinks } from "./social-links";

const linkClass = "rounded text-brand-50 underline-offset-4 hover:text-white hover:underline";

const developerLinks: NavLink[] = [{ label: "API Documentation", href: site.docs.home }];

export function SiteFooter() {
  return (
    <footer className="bg-brand-900 text-brand-50">
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <LogoHomeLink tone="light" className="inline-block rounded" logoClassName="h-10 w-auto" />
          <p className="mt-4 max-w-xs">{site.tagline}</p>
          <SocialLinks className="mt-6" />
        </div>
        <FooterColumn heading="Resources">
          <FooterLinks links={footerResources} className="mt-4 space-y-3" />
        </FooterColumn>
        <FooterColumn heading="Developers">
          <FooterLinks links={developerLinks} className="mt-4 space-y-3" />
        </FooterColumn>
        <FooterColumn heading="Contact">
          <address className="mt-4 space-y-3 not-italic">
            <p>
              <a href={mailtoHref(site.emails.general)} className={linkClass}>
                {site.emails.general}
              </a>
              <br />
              <a href={mailtoHref(site.emails.support)} className={linkClass}>
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
        </FooterColumn>
      </div>
      <div className="border-t border-white/15">
        <div className="container-page flex flex-col gap-6 py-6 lg:flex-row lg:items-center lg:justify-between">
          <p>
            © <CurrentYear /> {site.legalName}. Licensed by the {site.licence.regulator} as a{" "}
            {site.licence.category}.
          </p>
          <FooterLinks links={footerLegal} className="flex flex-wrap gap-x-6 gap-y-2" />
          <TrustBadges look="footer" />
        </div>
      </div>
    </footer>
  );
}

function FooterColumn({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-lg font-semibold text-white">{heading}</h2>
      {children}
    </div>
  );
}

function FooterLinks({ links, className }: { links: readonly NavLink[]; className: string }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.label}>
          <AppLink link={link} className={linkClass} />
        </li>
      ))}
    </ul>
  );
}
