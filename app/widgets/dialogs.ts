/**
 * What the platform's <dialog> does not do alone, delegated to the document so it works from the
 * first paint. The browser opens and closes the dialogs itself (`command`/`commandfor` buttons,
 * Escape, `closedby="any"`); this module closes a dialog when a link inside it is followed, and
 * stands in for `command` and `closedby` where the browser lacks them. On close the browser gives
 * focus back to the element that had it when the dialog opened (the opener); a dialog opened
 * from the address has none (or the page that had it is gone), and the browser would leave focus
 * inside the closed dialog: then the page's main content takes it.
 *
 * A link can also open a dialog of the page it leads to: `/help-center#newsletter-dialog` opens
 * the help centre's newsletter dialog shortly after the page shows (DIALOG_FROM_ADDRESS_DELAY_MS),
 * whether the page was loaded or rendered by a client-side navigation, and the fragment is then
 * taken out of the address, so a reload or a return through Back does not open it again.
 */
import { closestTo, eachWidget } from "./dom";

export const DIALOG_FROM_ADDRESS_DELAY_MS = 100;

/** Browsers without invoker commands ignore `command`/`commandfor` on buttons. */
const supportsCommands = () => "command" in HTMLButtonElement.prototype;
/** Browsers without `closedby` do not close a modal dialog on a click on its backdrop. */
const supportsClosedBy = () => "closedBy" in HTMLDialogElement.prototype;

/** The dialog a `command` button names, if it names one. */
function targetDialog(button: HTMLButtonElement): HTMLDialogElement | null {
  const target = document.getElementById(button.getAttribute("commandfor") ?? "");
  return target instanceof HTMLDialogElement ? target : null;
}

/** True when the click opens the link in another tab or window: the page stays where it is. */
function opensElsewhere(event: MouseEvent, link: HTMLAnchorElement): boolean {
  return (
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    link.hasAttribute("download") ||
    (link.target !== "" && link.target !== "_self")
  );
}

/** True when the click landed outside the dialog's box, i.e. on its ::backdrop. */
function onBackdrop(event: MouseEvent, dialog: HTMLDialogElement): boolean {
  // A click synthesised from the keyboard has no position; it is never a backdrop click.
  if (event.detail === 0) return false;
  const box = dialog.getBoundingClientRect();
  return (
    event.clientX < box.left ||
    event.clientX > box.right ||
    event.clientY < box.top ||
    event.clientY > box.bottom
  );
}

function onClick(event: MouseEvent): void {
  // A link followed from a modal (the mobile menu, a biography) leads away from it: without this
  // a client-side navigation would leave the dialog open over the new page.
  const link = closestTo<HTMLAnchorElement>(event, "a[href]");
  const linkDialog = link?.closest("dialog[open]");
  if (link && linkDialog instanceof HTMLDialogElement && !opensElsewhere(event, link)) {
    linkDialog.close();
    return;
  }

  if (!supportsCommands()) {
    const button = closestTo<HTMLButtonElement>(event, "button[command][commandfor]");
    const dialog = button ? targetDialog(button) : null;
    if (button && dialog && !button.disabled) {
      const command = button.getAttribute("command");
      if (command === "show-modal" && !dialog.open) dialog.showModal();
      else if (command === "close" && dialog.open) dialog.close();
      return;
    }
  }

  if (!supportsClosedBy()) {
    const dialog = event.target;
    // The dialogs have no padding, so a click whose target is the <dialog> itself is outside
    // its content: on the backdrop (or on its scrollbar, which the box test leaves alone).
    if (
      dialog instanceof HTMLDialogElement &&
      dialog.open &&
      dialog.getAttribute("closedby") === "any" &&
      onBackdrop(event, dialog)
    ) {
      dialog.close();
    }
  }
}

/** Focus the browser left inside a dialog that closed goes to the page's main content. */
function onClose(event: Event): void {
  const dialog = event.target;
  if (!(dialog instanceof HTMLDialogElement) || !dialog.contains(document.activeElement)) return;
  const main = document.getElementById("main");
  if (main) main.focus({ preventScroll: true });
  else (document.activeElement as HTMLElement | null)?.blur();
}

/** Opens `dialog` if the address's fragment names it, and takes the fragment out. */
function openIfAddressed(dialog: HTMLElement): void {
  if (!(dialog instanceof HTMLDialogElement) || location.hash !== `#${dialog.id}`) return;
  history.replaceState(history.state, "", location.pathname + location.search);
  setTimeout(() => {
    if (dialog.isConnected && !dialog.open) dialog.showModal();
  }, DIALOG_FROM_ADDRESS_DELAY_MS);
}

export function startDialogs(): void {
  document.addEventListener("click", onClick);
  // "close" does not bubble: caught on its way down.
  document.addEventListener("close", onClose, true);
  // The page's dialogs, and those a client-side navigation renders (the router changes the
  // address before it renders the new page).
  eachWidget("dialog[id]", openIfAddressed);
  // A link to a dialog of the same page.
  window.addEventListener("hashchange", () => {
    const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) openIfAddressed(target);
  });
}
