import type { ButtonHTMLAttributes, ReactNode, Ref } from "react";
import { CloseIcon } from "./icons";

interface DialogProps {
  /** The id that openers and closers name in `commandfor`. */
  id: string;
  /** id of the element that names the dialog (usually its heading). */
  labelledBy: string;
  className?: string;
  /** For what only script can do: opening it unprompted, following its `close` event. */
  ref?: Ref<HTMLDialogElement>;
  children: ReactNode;
}

/**
 * A modal dialog on the platform's <dialog> element, always in the page and opened by the
 * browser itself: a button with `command="show-modal"` and `commandfor` opens it with
 * showModal() (the rest of the page becomes inert, focus stays inside), Escape or a button with
 * `command="close"` closes it, `closedby="any"` closes it on a click on the backdrop, and focus
 * goes back to the opener. None of it waits for JavaScript; app/widgets/dialogs.ts fills the
 * gaps of browsers that lack `command` or `closedby`. app.css locks the page scroll while any
 * dialog is open.
 */
export function Dialog({ id, labelledBy, className = "", ref, children }: DialogProps) {
  return (
    <dialog
      ref={ref}
      id={id}
      aria-labelledby={labelledBy}
      closedby="any"
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] overflow-auto rounded-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/60 ${className}`}
    >
      <div className="min-h-full">{children}</div>
    </dialog>
  );
}

/** The attributes of a button that opens the dialog `dialogId`: spread them on a <button>. */
export function opensDialog(dialogId: string): ButtonHTMLAttributes<HTMLButtonElement> {
  return { type: "button", command: "show-modal", commandfor: dialogId, "aria-haspopup": "dialog" };
}

/** The attributes of a button that closes the dialog `dialogId`. */
export function closesDialog(dialogId: string): ButtonHTMLAttributes<HTMLButtonElement> {
  return { type: "button", command: "close", commandfor: dialogId };
}

/** The round × button that closes the dialog `dialogId`; `className` places it. */
export function DialogCloseButton({
  dialogId,
  label,
  className = "",
}: {
  dialogId: string;
  /** Its accessible name: the button shows only the ×. */
  label: string;
  className?: string;
}) {
  return (
    <button
      {...closesDialog(dialogId)}
      aria-label={label}
      className={`flex size-11 items-center justify-center rounded-full hover:bg-brand-50 ${className}`}
    >
      <CloseIcon />
    </button>
  );
}
