import type { HeadingLink, MarkdownDocument } from "~/content/markdown.server";
import { formatDate } from "~/lib/dates";

/** Terms and policies: title, dates, a table of contents and the Markdown rendered at build time. */
export function LegalDocument({
  doc,
}: {
  doc: Pick<MarkdownDocument, "meta" | "html" | "headings">;
}) {
  return (
    <article className="container-page py-12 lg:py-16">
      <header className="max-w-3xl">
        <h1 className="text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">
          {doc.meta.title}
        </h1>
        <p className="mt-4 text-muted">
          {doc.meta.effective ? <>Effective {formatDate(doc.meta.effective)}. </> : null}
          {doc.meta.updated ? <>Last updated {formatDate(doc.meta.updated)}.</> : null}
        </p>
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_1fr]">
        <TableOfContents headings={doc.headings} />
        {/* Trusted HTML: rendered from the repository's own Markdown at build time. */}
        <div className="prose-legal min-w-0" dangerouslySetInnerHTML={{ __html: doc.html }} />
      </div>
    </article>
  );
}

function TableOfContents({ headings }: { headings: HeadingLink[] }) {
  return (
    <nav
      aria-label="On this page"
      className="lg:sticky lg:top-24 lg:max-h-[calc(100vh-8rem)] lg:self-start lg:overflow-y-auto"
    >
      <h2 className="text-sm font-semibold tracking-wider text-muted uppercase">On this page</h2>
      <ol className="mt-3 space-y-2 text-sm">
        {headings.map((heading) => (
          <li key={heading.id}>
            <a href={`#${heading.id}`} className="text-brand-700 hover:underline">
              {heading.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
