import { Link } from "react-router";
import logoUrl from "~/assets/images/logo.svg";
import { site } from "@shared/site";
import { DesktopNav } from "./desktop-nav";
import { MobileMenu } from "./mobile-menu";

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className="container-page flex h-16 items-center justify-between gap-4 lg:h-20">
        <Link to="/" className="shrink-0 rounded" aria-label={`${site.name} home`}>
          <img src={logoUrl} alt="" width="180" height="40" className="h-9 w-auto lg:h-10" />
        </Link>
        <DesktopNav />
        <div className="hidden items-center gap-3 lg:flex">
          <Link to="/contact-us" className="btn-outline">
            Contact Us
          </Link>
          <Link to="/get-started" className="btn-primary">
            Get Started
          </Link>
        </div>
        <MobileMenu />
      </div>
    </header>
  );
}
