import { type ReactNode, useEffect, useRef } from "react";

/**
 * A message about what just happened. An error is an alert (read out at once); a success is a
 * status (read out when the reader is free). Rendered empty first, so that the live region
 * exists before its text arrives and screen readers announce it. With `focusOn`, the message
 * takes the focus each time that value changes (an action's answer), for one the person must
 * read before going on; a screen reader reads it as the focus lands, so it is then not also
 * announced as a live region (it would be said twice).
 */
export function Notice({
  tone,
  children,
  focusOn,
}: {
  tone: "error" | "success";
  children?: ReactNode;
  focusOn?: object;
}) {
  const message = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focusOn) message.current?.focus();
  }, [focusOn]);
  const colours =
    tone === "error"
      ? "border-red-700 bg-red-50 text-red-900"
      : "border-brand-700 bg-brand-50 text-brand-900";
  return (
    <div role={tone === "error" ? "alert" : "status"} aria-live={focusOn ? "off" : undefined}>
      {children ? (
        <p
          ref={message}
          tabIndex={focusOn ? -1 : undefined}
          className={`my-3 rounded-md border-l-4 px-4 py-3 ${colours}`}
        >
          {children}
        </p>
      ) : null}
    </div>
  );
}
