import { type ReactNode, useId } from "react";

export interface AccordionItem {
  id: string | number;
  heading: ReactNode;
  content: ReactNode;
}

interface AccordionProps {
  items: readonly AccordionItem[];
  /** The item open when the page loads, if any. */
  defaultOpenId?: string | number | null;
  headingLevel?: 2 | 3;
  panelClassName?: string;
}

/**
 * An exclusive accordion on the platform's <details>: the items share a `name`, so the browser
 * itself keeps one open at a time and closes the open one on a second press, from the first
 * paint and with no state in React (FAQ, careers). The browser exposes each summary as an
 * expandable button; the heading inside it keeps the page's outline. app.css hides the native
 * marker and draws the + / − sign.
 */
export function Accordion({
  items,
  defaultOpenId = null,
  headingLevel = 3,
  panelClassName = "",
}: AccordionProps) {
  const name = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white">
      {items.map((item) => (
        <details key={item.id} name={name} open={item.id === defaultOpenId} className="accordion">
          <summary className="flex min-h-14 cursor-pointer items-center justify-between gap-4 px-5 py-4 text-left text-lg font-semibold text-brand-900 hover:bg-brand-50">
            <Heading>{item.heading}</Heading>
            <span
              aria-hidden="true"
              className="accordion-sign shrink-0 text-2xl leading-none text-brand-700"
            />
          </summary>
          <div className={`px-5 pb-5 ${panelClassName}`}>{item.content}</div>
        </details>
      ))}
    </div>
  );
}
