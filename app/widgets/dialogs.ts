/**
 * What the platform's <dialog> does not do alone, delegated to the document so it works from the
 * first paint. The browser opens and closes the dialogs itself (`command`/`commandfor` buttons,
 * Escape, `closedby="any"`); this module closes a dialog when a link inside it is followed, and
 * stands in for `command` and `closedby` where the browser lacks them. Focus needs nothing: on
 * close the browser gives it back to the element that had it when the dialog opened (the opener).
 */
import { closestTo } from "./dom";

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

export function startDialogs(): void {
  document.addEventListener("click", onClick);
}
