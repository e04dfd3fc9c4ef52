import type { ReactNode } from "react";

/**
 * A message about what just happened. An error is an alert (read out at once); a success is a
 * status (read out when the reader is free). Rendered empty first, so that the live region
 * exists before its text arrives and screen readers announce it.
 */
export function Notice({ tone, children }: { tone: "error" | "success"; children?: ReactNode }) {
  const colours =
    tone === "error"
      ? "border-red-700 bg-red-50 text-red-900"
      : "border-brand-700 bg-brand-50 text-brand-900";
  return (
    <div role={tone === "error" ? "alert" : "status"}>
      {children ? (
        <p className={`my-3 rounded-md border-l-4 px-4 py-3 ${colours}`}>{children}</p>
      ) : null}
    </div>
  );
}
