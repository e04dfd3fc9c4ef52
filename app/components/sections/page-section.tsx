import type { ReactNode } from "react";

/** A page's h2 as most sections show it. */
export const SECTION_TITLE = "text-3xl font-bold text-brand-900";
/** The h2 of a short section, such as a list under a hero. */
export const SMALL_SECTION_TITLE = "text-2xl font-bold text-brand-900";

/**
 * A section named by its h2: `headingId` links the two for screen readers, which list the page's
 * sections by these names.
 */
export function PageSection({
  headingId,
  heading,
  headingClassName = SECTION_TITLE,
  className,
  children,
}: {
  headingId: string;
  heading: ReactNode;
  headingClassName?: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className={headingClassName}>
        {heading}
      </h2>
      {children}
    </section>
  );
}
