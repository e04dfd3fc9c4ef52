import { headerMenus } from "~/content/navigation";
import { Dialog, DialogCloseButton, opensDialog } from "~/components/ui/dialog";
import { ChevronDown, MenuIcon } from "~/components/ui/icons";
import { BrandLogo } from "./brand-logo";
import { HeaderActions } from "./header-actions";
import { MenuPanel } from "./menu-panel";

/** The id the hamburger names to open the menu. */
const MENU_ID = "mobile-menu";

/**
 * Small screens: a hamburger button opens a full-screen menu that slides in, with the header's
 * menus as accordion sections plus Contact Us and Get Started. All of it is the platform's:
 * the hamburger opens the <dialog> with `command`, and the sections are <details> sharing one
 * `name`, so the browser keeps at most one open. app/widgets/menus.ts closes every section when
 * the menu opens, and app/widgets/dialogs.ts closes the menu when one of its links is followed.
 * This component renders markup only.
 */
export function MobileMenu() {
  return (
    <div className="lg:hidden">
      <button
        {...opensDialog(MENU_ID)}
        aria-label="Open menu"
        className="flex size-11 items-center justify-center rounded-full text-ink hover:bg-brand-50"
      >
        <MenuIcon />
      </button>
      <Dialog id={MENU_ID} labelledBy="mobile-menu-title" className="mobile-menu-sheet">
        <div className="flex h-16 items-center justify-between border-b border-gray-200 px-4">
          <BrandLogo className="h-9 w-auto" />
          <h2 id="mobile-menu-title" className="sr-only">
            Menu
          </h2>
          <DialogCloseButton dialogId={MENU_ID} label="Close menu" />
        </div>
        <nav aria-label="Main" className="px-4 py-4">
          <ul className="divide-y divide-gray-200">
            {headerMenus.map((menu) => (
              <li key={menu.id}>
                <details name="mobile-menu-section" className="mobile-menu-section">
                  <summary className="flex min-h-12 w-full items-center justify-between py-3 text-left text-lg font-semibold">
                    {menu.label}
                    <ChevronDown className="mobile-menu-chevron transition-transform" />
                  </summary>
                  <MenuPanel menu={menu} className="pb-4" />
                </details>
              </li>
            ))}
          </ul>
          <HeaderActions className="mt-6 grid gap-3" />
        </nav>
      </Dialog>
    </div>
  );
}
