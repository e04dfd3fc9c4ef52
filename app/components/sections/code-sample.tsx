/** A short API example, scrollable on its own so it never widens the page. */
export function CodeSample({ code, label }: { code: string; label: string }) {
  return (
    <figure className="min-w-0">
      <figcaption className="sr-only">{label}</figcaption>
      <pre
        // Focusable so keyboard users can scroll it sideways (axe: scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="overflow-x-auto rounded-2xl bg-ink p-5 text-sm leading-6 text-brand-50"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}
