import { type MouseEvent, useState } from "react";
import { headerMenus } from "~/content/navigation";
import { Dialog } from "~/components/ui/dialog";
import { ChevronDown, CloseIcon, MenuIcon } from "~/components/ui/icons";
import { BrandLogo } from "./brand-logo";
import { HeaderActions } from "./header-actions";
import { MenuPanel } from "./menu-panel";

/**
 * Small screens: a hamburger button opens a full-screen menu that slides in, with the header's
 * menus as accordion sections (one open at a time) plus Contact Us and Get Started.
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [openSection, setOpenSection] = useState<string | null>(null);
  // Following any link in the menu (including to the page already shown) closes it.
  const closeOnLink = (event: MouseEvent) => {
    if ((event.target as Element).closest("a")) setOpen(false);
  };

  return (
    <div className="lg:hidden">
      <button
        type="button"
        className="flex size-11 items-center justify-center rounded-full text-ink hover:bg-brand-50"
        aria-label="Open menu"
        aria-haspopup="dialog"
        onClick={() => {
          setOpenSection(null);
          setOpen(true);
        }}
      >
        <MenuIcon />
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        labelledBy="mobile-menu-title"
        className="mobile-menu-sheet"
      >
        <div className="flex h-16 items-center justify-between border-b border-gray-200 px-4">
          <BrandLogo className="h-9 w-auto" />
          <h2 id="mobile-menu-title" className="sr-only">
            Menu
          </h2>
          <button
            type="button"
            className="flex size-11 items-center justify-center rounded-full hover:bg-brand-50"
            aria-label="Close menu"
            onClick={() => setOpen(false)}
          >
            <CloseIcon />
          </button>
        </div>
        {/* The click handler only watches links bubbling up; it adds no interaction of its own. */}
        {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
        <nav aria-label="Main" className="px-4 py-4" onClick={closeOnLink}>
          <ul className="divide-y divide-gray-200">
            {headerMenus.map((menu) => {
              const expanded = openSection === menu.id;
              return (
                <li key={menu.id}>
                  <h3>
                    <button
                      type="button"
                      id={`mobile-section-${menu.id}`}
                      aria-expanded={expanded}
                      aria-controls={`mobile-panel-${menu.id}`}
                      onClick={() => setOpenSection(expanded ? null : menu.id)}
                      className="flex min-h-12 w-full items-center justify-between py-3 text-left text-lg font-semibold"
                    >
                      {menu.label}
                      <ChevronDown
                        className={`transition-transform ${expanded ? "rotate-180" : ""}`}
                      />
                    </button>
                  </h3>
                  <div
                    id={`mobile-panel-${menu.id}`}
                    role="region"
                    aria-labelledby={`mobile-section-${menu.id}`}
                    hidden={!expanded}
                    className="pb-4"
                  >
                    <MenuPanel menu={menu} />
                  </div>
                </li>
              );
            })}
          </ul>
          <HeaderActions className="mt-6 grid gap-3" />
        </nav>
      </Dialog>
    </div>
  );
}
