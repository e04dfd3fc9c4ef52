import { type MouseEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import { headerMenus } from "~/content/navigation";
import { ChevronDown } from "~/components/ui/icons";
import { MenuPanel } from "./menu-panel";

/** A dropdown closes about 200 ms after the pointer leaves it. */
export const DROPDOWN_CLOSE_DELAY_MS = 200;

/**
 * The large-screen navigation: three disclosure dropdowns (WAI-ARIA disclosure navigation
 * pattern). Hover or click opens one, at most one is open, and it closes on an outside click,
 * on Escape (focus returns to its button), when focus leaves it, when one of its links is
 * followed, and shortly after the pointer leaves.
 */
export function DesktopNav() {
  const [openId, setOpenId] = useState<string | null>(null);
  const navRef = useRef<HTMLElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A menu the mouse opened stays open when that same mouse then clicks its button.
  const openedByHover = useRef(false);

  const cancelClose = () => clearTimeout(closeTimer.current);
  useEffect(() => cancelClose, []);

  useEffect(() => {
    if (!openId) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpenId(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpenId(null);
      const button = document.getElementById(`nav-button-${openId}`);
      if (navRef.current?.contains(document.activeElement)) button?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [openId]);

  const onPointerEnter = (id: string) => (event: PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    cancelClose();
    if (openId !== id) openedByHover.current = true;
    setOpenId(id);
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== "mouse") return;
    cancelClose();
    closeTimer.current = setTimeout(() => setOpenId(null), DROPDOWN_CLOSE_DELAY_MS);
  };

  const toggle = (id: string) => {
    cancelClose();
    if (openId === id && openedByHover.current) {
      openedByHover.current = false;
      return;
    }
    openedByHover.current = false;
    setOpenId(openId === id ? null : id);
  };

  const closeOnLink = (event: MouseEvent) => {
    if ((event.target as Element).closest("a")) setOpenId(null);
  };

  return (
    <nav ref={navRef} aria-label="Main" className="hidden lg:block">
      <ul className="flex items-center gap-1">
        {headerMenus.map((menu) => {
          const open = openId === menu.id;
          return (
            <li key={menu.id}>
              {/* Pointer and focus handlers only; the button inside is the interactive element. */}
              {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
              <div
                className="relative"
                onPointerEnter={onPointerEnter(menu.id)}
                onPointerLeave={onPointerLeave}
                onClick={closeOnLink}
                onBlur={(event) => {
                  if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) {
                    setOpenId(null);
                  }
                }}
              >
                <button
                  type="button"
                  id={`nav-button-${menu.id}`}
                  aria-expanded={open}
                  aria-controls={`nav-panel-${menu.id}`}
                  onClick={() => toggle(menu.id)}
                  className="flex min-h-11 items-center gap-1 rounded-full px-4 font-semibold text-ink hover:bg-brand-50"
                >
                  {menu.label}
                  <ChevronDown
                    width={18}
                    height={18}
                    className={`transition-transform ${open ? "rotate-180" : ""}`}
                  />
                </button>
                <div
                  id={`nav-panel-${menu.id}`}
                  hidden={!open}
                  className="absolute top-full left-1/2 z-50 w-[22rem] -translate-x-1/2 pt-3"
                >
                  <div className="rounded-2xl border border-gray-200 bg-white p-3 shadow-xl">
                    <MenuPanel menu={menu} />
                  </div>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
