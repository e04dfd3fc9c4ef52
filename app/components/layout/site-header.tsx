import { LogoHomeLink } from "./brand-logo";
import { DesktopNav } from "./desktop-nav";
import { HeaderActions } from "./header-actions";
import { MobileMenu } from "./mobile-menu";

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className="container-page flex h-16 items-center justify-between gap-4 lg:h-20">
        <LogoHomeLink className="shrink-0 rounded" logoClassName="h-9 w-auto lg:h-10" />
        <DesktopNav />
        <HeaderActions className="hidden items-center gap-3 lg:flex" />
        <MobileMenu />
      </div>
    </header>
  );
}
