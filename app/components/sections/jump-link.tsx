import type { ReactNode } from "react";
import { prefersReducedMotion } from "~/lib/motion";

/**
 * A link to a part of the same page, which must have `id={targetId}` and `tabIndex={-1}`. It
 * scrolls there smoothly (at once for people who prefer reduced motion) and moves keyboard focus
 * there too; without JavaScript it is a plain anchor link. `updateAddress` puts the anchor in the
 * address bar as a plain link would.
 */
export function JumpLink({
  targetId,
  className,
  updateAddress = false,
  children,
}: {
  targetId: string;
  className: string;
  updateAddress?: boolean;
  children: ReactNode;
}) {
  return (
    <a
      href={`#${targetId}`}
      className={className}
      onClick={(event) => {
        const target = document.getElementById(targetId);
        if (!target) return;
        event.preventDefault();
        target.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth" });
        target.focus({ preventScroll: true });
        if (updateAddress) history.replaceState(history.state, "", `#${targetId}`);
      }}
    >
      {children}
    </a>
  );
}
