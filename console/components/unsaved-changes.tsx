import { useEffect, useRef } from "react";
import { useBlocker } from "react-router";
import { Dialog } from "~/components/ui/dialog";

const DIALOG_ID = "unsaved-changes";

/**
 * Keeps what someone has typed but not saved from being lost without a word: leaving for another
 * page of the console asks first (Stay is the default, and Escape or a click outside stays), and
 * closing or reloading the tab gets the browser's own warning. Submitting the form itself (a
 * preview, a save, which stay on the page or are redirected by it) is never held up.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (blocker.state === "blocked" && dialog && !dialog.open) dialog.showModal();
  }, [blocker.state]);

  // However the dialog closes but by "Leave" (Stay, Escape, a click outside), the person stays.
  const leaving = useRef(false);
  useEffect(() => {
    const dialog = dialogRef.current;
    const closed = () => {
      if (!leaving.current && blocker.state === "blocked") blocker.reset();
      leaving.current = false;
    };
    dialog?.addEventListener("close", closed);
    return () => dialog?.removeEventListener("close", closed);
  }, [blocker]);

  return (
    <Dialog id={DIALOG_ID} labelledBy={`${DIALOG_ID}-heading`} ref={dialogRef} className="max-w-md">
      <div className="space-y-4 p-6">
        <h2 id={`${DIALOG_ID}-heading`} className="text-lg font-bold">
          Leave without saving?
        </h2>
        <p>What you changed on this page has not been saved, and will be lost.</p>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className="console-button"
            onClick={() => dialogRef.current?.close()}
          >
            Stay on this page
          </button>
          <button
            type="button"
            className="console-button-quiet"
            onClick={() => {
              leaving.current = true;
              dialogRef.current?.close();
              if (blocker.state === "blocked") blocker.proceed();
            }}
          >
            Leave and lose the changes
          </button>
        </div>
      </div>
    </Dialog>
  );
}
