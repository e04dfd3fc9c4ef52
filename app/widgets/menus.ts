/**
 * The header menus' behaviour beyond what the platform gives (app/components/layout/).
 *
 * Large screens: each dropdown is an auto popover its button toggles with `popovertarget`, so
 * the browser opens and closes it, keeps one open at a time, and closes it on an outside click
 * or Escape. This module adds, with listeners delegated to the document: `aria-expanded` that
 * follows the popover, opening on mouse hover and closing shortly after the pointer leaves,
 * closing when focus leaves the menu or one of its links is followed, and focus back on the
 * button when Escape closes it from inside.
 *
 * Small screens: the menu is a <dialog> whose sections are <details> sharing a name; every
 * section is closed again each time the menu opens.
 */
import { closestTo } from "./dom";

/** A dropdown closes this long after the mouse pointer leaves its button and panel. */
export const DROPDOWN_CLOSE_DELAY_MS = 200;

/** One dropdown: its <li>, holding the button and the popover panel. */
const MENU = "[data-nav-menu]";
const PANEL = `${MENU} > [popover]`;
/** The mobile menu's sections (the `name` the <details> share). */
const MOBILE_SECTION = 'details[name="mobile-menu-section"]';

const panelOf = (menu: Element) => menu.querySelector<HTMLElement>(":scope > [popover]");
const isOpen = (panel: HTMLElement) => panel.matches(":popover-open");
const hide = (panel: HTMLElement | null) => {
  if (panel && isOpen(panel)) panel.hidePopover();
};

export function startMenus(): void {
  startDropdowns();
  startMobileMenu();
}

function startDropdowns(): void {
  let closeTimer: ReturnType<typeof setTimeout> | undefined;
  // The panel the mouse opened: a click on its button (the same mouse arriving) keeps it open
  // instead of letting `popovertarget` toggle it shut. A second click closes it.
  let openedByHover: HTMLElement | null = null;

  // `toggle` does not bubble: listen in the capture phase.
  document.addEventListener(
    "toggle",
    (event) => {
      const panel = event.target;
      if (!(panel instanceof HTMLElement) || !panel.matches(PANEL)) return;
      const open = (event as ToggleEvent).newState === "open";
      if (!open && openedByHover === panel) openedByHover = null;
      for (const button of document.querySelectorAll(`[aria-controls="${panel.id}"]`)) {
        button.setAttribute("aria-expanded", String(open));
      }
    },
    true,
  );

  document.addEventListener("pointerover", (event) => {
    if (event.pointerType !== "mouse") return;
    const menu = closestTo(event, MENU);
    if (!menu) return;
    clearTimeout(closeTimer);
    const panel = panelOf(menu);
    if (panel && !isOpen(panel)) {
      panel.showPopover();
      openedByHover = panel;
    }
  });

  document.addEventListener("pointerout", (event) => {
    if (event.pointerType !== "mouse") return;
    const menu = closestTo(event, MENU);
    if (!menu || (event.relatedTarget instanceof Node && menu.contains(event.relatedTarget))) {
      return;
    }
    clearTimeout(closeTimer);
    closeTimer = setTimeout(() => hide(panelOf(menu)), DROPDOWN_CLOSE_DELAY_MS);
  });

  // Runs during the click's dispatch, before `popovertarget` acts: cancelling it keeps the menu.
  document.addEventListener("click", (event) => {
    const button = closestTo(event, `${MENU} > button`);
    if (button?.parentElement) {
      clearTimeout(closeTimer);
      const panel = panelOf(button.parentElement);
      if (panel && panel === openedByHover && isOpen(panel)) event.preventDefault();
      openedByHover = null;
      return;
    }
    const menu = closestTo(event, `${MENU} a`)?.closest(MENU);
    if (menu) hide(panelOf(menu));
  });

  document.addEventListener("focusout", (event) => {
    const menu = closestTo(event, MENU);
    if (!menu || (event.relatedTarget instanceof Node && menu.contains(event.relatedTarget))) {
      return;
    }
    hide(panelOf(menu));
  });

  // The browser closes the popover on Escape and gives focus back to whatever had it before the
  // popover opened: for a menu the mouse opened, that is not its button. Moving focus to the
  // button first makes Escape always land there (the disclosure pattern).
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const panel = closestTo(event, PANEL);
    if (panel && isOpen(panel)) panel.parentElement?.querySelector("button")?.focus();
  });
}

function startMobileMenu(): void {
  // Every opening of the menu starts with all sections closed, as a fresh menu: a section left
  // open would push Contact Us and Get Started out of sight. `beforetoggle` comes before the
  // dialog is drawn, so a section never shows open for a frame.
  document.addEventListener(
    "beforetoggle",
    (event) => {
      const dialog = event.target;
      if (!(dialog instanceof HTMLDialogElement) || (event as ToggleEvent).newState !== "open") {
        return;
      }
      for (const section of dialog.querySelectorAll<HTMLDetailsElement>(
        `${MOBILE_SECTION}[open]`,
      )) {
        section.open = false;
      }
    },
    true,
  );
}
