import type { FormStatus } from "./use-lead-form";

/** The outcome of the last submit, announced to screen readers. */
export function FormStatusMessage({ status }: { status: FormStatus }) {
  return (
    <div role="status" aria-live="polite" className="min-h-6">
      {status ? (
        <p
          className={`rounded-xl px-4 py-3 font-medium ${status.type === "success" ? "bg-brand-50 text-brand-900" : "bg-red-50 text-red-800"}`}
        >
          {status.message}
        </p>
      ) : null}
    </div>
  );
}
