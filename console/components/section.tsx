import type { ReactNode } from "react";

/**
 * A part of a page under its h2, which names it (a region landmark) for screen readers. The
 * heading's id is `${id}-heading`, for a list or form inside that is named by it too.
 */
export function Section({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className={className}>
      <h2 id={`${id}-heading`} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
