import type { ComponentType, ReactNode, SVGProps } from "react";

interface StatusMessageProps {
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  headline: string;
  text: string;
  /** What the person can do next: a link or a button. */
  children: ReactNode;
}

/** A short page that says what happened (or what one button will do), centred on its own. */
export function StatusMessage({ icon: Icon, headline, text, children }: StatusMessageProps) {
  return (
    <section className="container-page flex flex-col items-center py-20 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon width={32} height={32} />
      </span>
      <h1 className="mt-6 text-3xl font-bold text-brand-900 sm:text-4xl">{headline}</h1>
      <p className="mt-4 max-w-xl text-lg text-muted">{text}</p>
      <div className="mt-8">{children}</div>
    </section>
  );
}
