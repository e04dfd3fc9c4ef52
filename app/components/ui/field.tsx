import {
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
  useId,
} from "react";

export interface FieldProps {
  /** The control's id, when something else links to it (a form's error summary). */
  id?: string;
  label: string;
  error?: string;
  /** Marks the label as required; the browser-level `required` is left to the schema (noValidate forms). */
  required?: boolean;
  hint?: ReactNode;
  className?: string;
  children: (props: {
    id: string;
    "aria-invalid"?: true;
    "aria-describedby"?: string;
    "aria-required"?: true;
  }) => ReactNode;
}

/** The id a caller gave a control, or one of its own that stays the same across renders. */
export function useControlId(givenId: string | undefined): string {
  const ownId = useId();
  return givenId ?? ownId;
}

/** Wires a label, the required marker and the error text to one control, once for every form. */
export function Field({
  id: givenId,
  label,
  error,
  required,
  hint,
  className = "",
  children,
}: FieldProps) {
  const id = useControlId(givenId);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy =
    [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-semibold text-ink">
        {label}
        {required ? (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <div className="mt-1.5">
        {children({
          id,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": describedBy,
          "aria-required": required ? true : undefined,
        })}
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

interface CheckboxFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "type" | "className"
> {
  /** The text beside the box; it may hold a link. */
  label: ReactNode;
  error?: string;
  className?: string;
}

/** A checkbox with its label beside it and its error text below, wired like Field's controls. */
export function CheckboxField({
  id: givenId,
  label,
  error,
  className = "",
  ...input
}: CheckboxFieldProps) {
  const id = useControlId(givenId);
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          {...input}
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-1 size-5 shrink-0 accent-brand-800"
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
}

export const inputClass =
  "block min-h-12 w-full rounded-xl border border-gray-400 bg-white px-4 py-2.5 text-ink placeholder:text-gray-600 aria-[invalid=true]:border-red-700";

export function TextInput(props: InputHTMLAttributes<HTMLInputElement>) {
  return <input {...props} className={`${inputClass} ${props.className ?? ""}`} />;
}

export function TextArea(props: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea {...props} className={`${inputClass} ${props.className ?? ""}`} />;
}
