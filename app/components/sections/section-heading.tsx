import type { ReactNode } from "react";

/** The eyebrow, h2 and intro that open most sections. */
export function SectionHeading({
  id,
  eyebrow,
  heading,
  intro,
  align = "center",
}: {
  id?: string;
  eyebrow?: string;
  heading: string;
  intro?: ReactNode;
  align?: "center" | "left";
}) {
  return (
    <div className={align === "center" ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}>
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-brand-900 sm:text-4xl">
        {heading}
      </h2>
      {intro ? <p className="mt-4 text-lg text-muted">{intro}</p> : null}
    </div>
  );
}

/** A section that opens with a `SectionHeading`; `id` names the section by its h2. */
export function HeadedSection({
  id,
  eyebrow,
  heading,
  intro,
  className = "container-page py-16",
  children,
}: {
  id: string;
  eyebrow?: string;
  heading: string;
  intro?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <SectionHeading id={id} eyebrow={eyebrow} heading={heading} intro={intro} />
      {children}
    </section>
  );
}
