import { type ReactNode, useEffect, useRef } from "react";

interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** id of the element that names the dialog (usually its heading). */
  labelledBy: string;
  className?: string;
  children: ReactNode;
}

/**
 * A modal dialog on the platform's <dialog> element: showModal() makes the rest of the page inert
 * (focus stays inside), Escape closes it, and the page scroll is locked by app.css while any
 * dialog is open. A click on the backdrop closes it too: the dialog box itself has no padding, so
 * a click whose target is the <dialog> element landed outside the content.
 */
export function Dialog({ open, onClose, labelledBy, className = "", children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // "close" fires for Escape and for dialog.close(); either way the parent's state follows and
    // focus goes back to whatever opened the dialog.
    const handleClose = () => {
      onClose();
      if (opener.current instanceof HTMLElement && opener.current.isConnected)
        opener.current.focus();
    };
    dialog.addEventListener("close", handleClose);
    return () => dialog.removeEventListener("close", handleClose);
  }, [onClose]);

  return (
    // The backdrop click is a pointer convenience; keyboard users close with Escape or the
    // dialog's own close button.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-modal="true"
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] overflow-auto rounded-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/60 ${className}`}
      onClick={(event) => {
        if (event.target === event.currentTarget) ref.current?.close();
      }}
    >
      {open ? <div className="min-h-full">{children}</div> : null}
    </dialog>
  );
}
