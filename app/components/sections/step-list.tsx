import type { Step } from "~/content/types";

/** "How it works": numbered steps. */
export function StepList({ heading, steps }: { heading: string; steps: readonly Step[] }) {
  return (
    <section aria-labelledby="steps-heading" className="bg-brand-50">
      <div className="container-page py-16">
        <h2 id="steps-heading" className="text-center text-3xl font-bold text-brand-900">
          {heading}
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-2xl bg-white p-6">
              <span
                className="flex size-10 items-center justify-center rounded-full bg-brand-800 font-bold text-white"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-bold text-brand-900">{step.title}</h3>
              <p className="mt-2 text-muted">{step.description}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
