import { headerMenus } from "~/content/navigation";
import { ChevronDown } from "~/components/ui/icons";
import { MenuPanel } from "./menu-panel";

/**
 * The large-screen navigation: three disclosure dropdowns (WAI-ARIA disclosure navigation
 * pattern: buttons with aria-expanded and aria-controls, panels of plain links). Each panel is
 * an auto popover its button toggles, so the browser itself opens it on the first tap, keeps at
 * most one open, and closes it on an outside click or on Escape. The rest (aria-expanded kept in
 * sync, hover, closing when focus leaves or a link is followed) is app/widgets/menus.ts, which
 * runs before hydration; this component renders markup only and holds no open state.
 * app.css ("Header menus") places each panel under its button with anchor positioning.
 */
export function DesktopNav() {
  return (
    <nav aria-label="Main" className="hidden lg:block">
      <ul className="flex items-center gap-1">
        {headerMenus.map((menu) => (
          <li key={menu.id} className="nav-menu" data-nav-menu="">
            <button
              type="button"
              id={`nav-button-${menu.id}`}
              popoverTarget={`nav-panel-${menu.id}`}
              // Only the widget script changes it from here on, following the popover.
              aria-expanded="false"
              aria-controls={`nav-panel-${menu.id}`}
              className="nav-menu-button group flex min-h-11 items-center gap-1 rounded-full px-4 font-semibold text-ink hover:bg-brand-50"
            >
              {menu.label}
              <ChevronDown
                width={18}
                height={18}
                className="transition-transform group-aria-expanded:rotate-180"
              />
            </button>
            <div id={`nav-panel-${menu.id}`} popover="auto" className="nav-menu-panel">
              <MenuPanel
                menu={menu}
                className="rounded-2xl border border-gray-200 bg-white p-3 shadow-xl"
              />
            </div>
          </li>
        ))}
      </ul>
    </nav>
  );
}
