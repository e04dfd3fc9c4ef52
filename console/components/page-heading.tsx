import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * A page's title in the tab and its one h1. The heading can take the focus (ConsoleShell moves
 * it there after a navigation) without being in the tab order. A title can be what someone
 * typed (a lead's name, a campaign's subject), so it takes its own direction.
 */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <title>{`${title} · Staff console`}</title>
      <h1
        dir="auto"
        tabIndex={-1}
        className="text-2xl font-bold text-brand-900 focus:outline-none sm:text-3xl"
      >
        {title}
      </h1>
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </div>
  );
}

/** The way back from one record's page to the list it belongs to, above its heading. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="mb-2">
      <Link to={to} className="console-link">
        {children}
      </Link>
    </p>
  );
}
