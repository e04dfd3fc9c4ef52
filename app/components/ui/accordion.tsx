import { type ReactNode, useId } from "react";

export interface AccordionItem {
  id: string | number;
  heading: ReactNode;
  content: ReactNode;
}

interface AccordionProps {
  items: readonly AccordionItem[];
  /** The open item's id, or null when all are closed; the parent owns it (one open at a time). */
  openId: string | number | null;
  onToggle: (id: string | number | null) => void;
  headingLevel?: 2 | 3;
  panelClassName?: string;
}

/**
 * WAI-ARIA accordion: each header is a button in a heading, with aria-expanded and
 * aria-controls; a click opens its panel and closes the one that was open, a click on the open
 * one closes it (FAQ, careers, mobile menu sections).
 */
export function Accordion({
  items,
  openId,
  onToggle,
  headingLevel = 3,
  panelClassName = "",
}: AccordionProps) {
  const base = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white">
      {items.map((item) => {
        const open = item.id === openId;
        const buttonId = `${base}-button-${item.id}`;
        const panelId = `${base}-panel-${item.id}`;
        return (
          <div key={item.id}>
            <Heading>
              <button
                type="button"
                id={buttonId}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => onToggle(open ? null : item.id)}
                className="flex min-h-14 w-full items-center justify-between gap-4 px-5 py-4 text-left text-lg font-semibold text-brand-900 hover:bg-brand-50"
              >
                <span>{item.heading}</span>
                <span aria-hidden="true" className="shrink-0 text-2xl leading-none text-brand-700">
                  {open ? "−" : "+"}
                </span>
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!open}
              className={`px-5 pb-5 ${panelClassName}`}
            >
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
