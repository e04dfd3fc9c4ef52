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

/** One part of a page shown by `NamedSections`: its h2 and what stands under it. */
export type NamedSection = { id: string; heading: string; content: ReactNode };

/**
 * Several short sections one after another (or side by side, by `className`'s grid), each named
 * by a small h2: the parts of a case study or of an open position.
 */
export function NamedSections({
  sections,
  className,
  sectionClassName = "",
}: {
  sections: readonly NamedSection[];
  className: string;
  sectionClassName?: string;
}) {
  return (
    <div className={className}>
      {sections.map((section) => (
        <PageSection
          key={section.id}
          headingId={`${section.id}-heading`}
          heading={section.heading}
          headingClassName={SMALL_SECTION_TITLE}
          className={sectionClassName}
        >
          {section.content}
        </PageSection>
      ))}
    </div>
  );
}

/**
 * HTML that the server made from published Markdown through the published policy
 * (content/published-markdown.server.ts), which is what makes it safe to set as it is.
 */
export function PublishedHtml({ html }: { html: string }) {
  return <div className="prose-legal mt-4" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A section of published Markdown (already made HTML by the server), named by `heading`. */
export function publishedSection(id: string, heading: string, html: string): NamedSection {
  return { id, heading, content: <PublishedHtml html={html} /> };
}

/** The link above or below a page back to the list it belongs to ("← All open positions"). */
export function BackToListLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
      href={href}
    >
      ← {children}
    </a>
  );
}
