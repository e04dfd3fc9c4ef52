import { type RefObject, useEffect, useId, useRef, useState } from "react";
import { IntentButton } from "./newsletter-editor";

/**
 * A button whose action cannot be undone: pressing it asks first, in a group that takes the
 * focus, with the real submit button and a way back.
 */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  intent,
  form,
  busy,
  disabled = false,
  className,
}: {
  label: string;
  question: string;
  confirmLabel: string;
  intent: string;
  /** The form it submits when it is not inside it. */
  form?: string;
  busy: string | null;
  disabled?: boolean;
  className: string;
}) {
  const [asking, setAsking] = useState(false);
  const groupRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (asking) groupRef.current?.focus();
    else if (wasAsking.current) openerRef.current?.focus();
    wasAsking.current = asking;
  }, [asking]);
  useEscapeToBackOut(asking ? groupRef : null, () => setAsking(false));
  // Several may stand on one page (a row each).
  const questionId = useId();

  if (!asking) {
    return (
      <button
        ref={openerRef}
        type="button"
        className={className}
        disabled={!!busy || disabled}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  }
  return (
    <div
      ref={groupRef}
      tabIndex={-1}
      role="group"
      aria-labelledby={questionId}
      className="w-full space-y-3 rounded-md border border-brand-700 p-4"
    >
      <p id={questionId} className="font-semibold">
        {question}
      </p>
      <div className="flex flex-wrap gap-3">
        <IntentButton
          intent={intent}
          form={form}
          label={confirmLabel}
          busyLabel={confirmLabel}
          busy={busy}
          className={className}
        />
        <KeepIt onClick={() => setAsking(false)} label="Not yet" />
      </div>
    </div>
  );
}

/**
 * Escape, pressed anywhere inside a confirmation step (`step`, null while none is shown), backs
 * out of it, as Escape closes any other question on screen.
 */
export function useEscapeToBackOut(
  step: RefObject<HTMLElement | null> | null,
  backOut: () => void,
) {
  useEffect(() => {
    const element = step?.current;
    if (!element) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") backOut();
    };
    element.addEventListener("keydown", onKey);
    return () => element.removeEventListener("keydown", onKey);
  }, [step, backOut]);
}

/** The way back out of a confirmation step: nothing is changed. */
export function KeepIt({ onClick, label = "Keep it" }: { onClick: () => void; label?: string }) {
  return (
    <button type="button" className="console-button-quiet" onClick={onClick}>
      {label}
    </button>
  );
}
