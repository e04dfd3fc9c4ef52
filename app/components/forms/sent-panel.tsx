import { type ReactNode, useEffect, useId, useRef } from "react";

interface SentPanelProps {
  headline: string;
  /** What happens next: who answers, how and how soon. */
  children: ReactNode;
  /** The button that brings back an empty form, when the form offers one. */
  again?: { label: string; onClick: () => void };
  tone?: "light" | "dark";
}

/**
 * What takes a form's place once the server has stored what it sent. Its heading takes the focus
 * as it appears, so a screen reader reads it and the visitor on a phone sees it.
 */
export function SentPanel({ headline, children, again, tone = "light" }: SentPanelProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const dark = tone === "dark";
  return (
    <section
      aria-labelledby={headingId}
      className={
        dark
          ? "rounded-2xl bg-white/10 p-5"
          : "rounded-2xl border-2 border-brand-600 bg-white p-5 sm:p-6"
      }
    >
      <h3
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className={`text-xl font-bold outline-none ${dark ? "text-white" : "text-brand-900"}`}
      >
        {headline}
      </h3>
      <div className={`mt-2 space-y-2 ${dark ? "text-brand-50" : "text-ink"}`}>{children}</div>
      {again ? (
        <button type="button" className="btn-outline mt-5" onClick={again.onClick}>
          {again.label}
        </button>
      ) : null}
    </section>
  );
}
