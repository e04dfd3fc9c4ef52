// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DIALOG_FROM_ADDRESS_DELAY_MS, startDialogs } from "./dialogs";

// jsdom has <dialog> without showModal() and close(), and neither invoker commands nor
// closedby: the module's fallbacks are what runs here, as in a browser that lacks them.

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
  startDialogs();
  // As the router does for its links (and jsdom cannot navigate anyway).
  document.addEventListener("click", (event) => {
    if (event.target instanceof Element && event.target.closest("a")) event.preventDefault();
  });
});

afterEach(() => {
  document.body.innerHTML = "";
  delete (HTMLButtonElement.prototype as { command?: string }).command;
});

function page(open: boolean) {
  document.body.innerHTML = `
    <button id="opener" type="button" command="show-modal" commandfor="d">Open</button>
    <dialog id="d" closedby="any" ${open ? "open" : ""}>
      <div id="content">
        <p id="text">Text</p>
        <a id="inside" href="/elsewhere">A page</a>
        <a id="new-tab" href="https://example.com" target="_blank">Another site</a>
        <button id="closer" type="button" command="close" commandfor="d">Close</button>
      </div>
    </dialog>`;
  return document.getElementById("d") as HTMLDialogElement;
}

const click = (id: string, init: MouseEventInit = {}) =>
  document
    .getElementById(id)!
    .dispatchEvent(
      new MouseEvent("click", { bubbles: true, cancelable: true, detail: 1, ...init }),
    );

describe("links in a dialog", () => {
  it("following a link closes the dialog it is in", () => {
    const dialog = page(true);
    click("inside");
    expect(dialog.open).toBe(false);
  });

  it("a link that opens in another tab, or a modified click, leaves it open", () => {
    const dialog = page(true);
    click("new-tab");
    click("inside", { ctrlKey: true });
    expect(dialog.open).toBe(true);
  });
});

describe("focus when a dialog closes", () => {
  /** Closes the open dialog with focus on `focused`; where focus is afterwards. */
  function focusAfterClosingFrom(focused: string) {
    const dialog = page(true);
    document.body.insertAdjacentHTML("beforeend", '<main id="main" tabindex="-1"></main>');
    document.getElementById(focused)!.focus();
    dialog.close();
    return document.activeElement?.id;
  }

  it("focus left inside the closed dialog goes to the page's main content", () => {
    expect(focusAfterClosingFrom("closer")).toBe("main");
  });

  it("focus the browser already gave back elsewhere stays there", () => {
    expect(focusAfterClosingFrom("opener")).toBe("opener");
  });
});

describe("without invoker commands", () => {
  it("a show-modal button opens its dialog and a close button closes it", () => {
    const dialog = page(false);
    click("opener");
    expect(dialog.open).toBe(true);
    click("closer");
    expect(dialog.open).toBe(false);
  });

  it("does nothing where the browser runs the commands itself", () => {
    Object.defineProperty(HTMLButtonElement.prototype, "command", {
      configurable: true,
      value: "",
    });
    const dialog = page(false);
    click("opener");
    expect(dialog.open).toBe(false);
  });
});

describe("without closedby", () => {
  // jsdom lays nothing out: the dialog's box is empty, so any pointer position is outside it.
  it("a click on the backdrop (the dialog element itself) closes the dialog", () => {
    const dialog = page(true);
    click("d", { clientX: 5, clientY: 5 });
    expect(dialog.open).toBe(false);
  });

  it("a click inside the content, or a click from the keyboard, leaves it open", () => {
    const dialog = page(true);
    click("text", { clientX: 5, clientY: 5 });
    click("d", { detail: 0 });
    expect(dialog.open).toBe(true);
  });
});

describe("a link to a dialog of another page", () => {
  // The dialogs are set up as they appear, by a MutationObserver: its callbacks are microtasks.
  const appeared = () => Promise.resolve();
  afterEach(() => {
    vi.useRealTimers();
  });

  it("opens the dialog the address names shortly after it shows, and forgets the fragment", async () => {
    vi.useFakeTimers();
    history.replaceState(null, "", "/help-center#d");
    const dialog = page(false);
    await appeared();
    expect(location.pathname + location.hash).toBe("/help-center");
    vi.advanceTimersByTime(DIALOG_FROM_ADDRESS_DELAY_MS - 1);
    expect(dialog.open).toBe(false);
    vi.advanceTimersByTime(1);
    expect(dialog.open).toBe(true);
  });

  it("leaves the page's dialogs closed when the address names none of them", async () => {
    vi.useFakeTimers();
    history.replaceState(null, "", "/help-center#faq");
    const dialog = page(false);
    await appeared();
    vi.advanceTimersByTime(DIALOG_FROM_ADDRESS_DELAY_MS * 2);
    expect(dialog.open).toBe(false);
    expect(location.hash).toBe("#faq");
  });
});
