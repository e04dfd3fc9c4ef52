import type { ReactNode } from "react";

/** A status in words inside an outline (never colour alone), as the lists and pages show it. */
export function Badge({ children }: { children: ReactNode }) {
  return (
    <span className="inline-block rounded-full border border-brand-700 px-2.5 py-0.5 text-sm font-semibold text-brand-900">
      {children}
    </span>
  );
}
