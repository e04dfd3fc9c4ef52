import type { InputHTMLAttributes, TextareaHTMLAttributes } from "react";
import { Field } from "~/components/ui/field";

/**
 * A one-line input of the console's forms with its label, hint and required marker (`Field`).
 * The browser offers no earlier entries: the addresses typed here are other people's.
 */
export function TextField({
  label,
  hint,
  error,
  required = false,
  ...input
}: {
  label: string;
  hint?: string;
  /** What the server refused in this field, shown beside it (and the input marked invalid). */
  error?: string | undefined;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "className">) {
  return (
    <Field label={label} hint={hint} error={error} required={required}>
      {(props) => (
        <input
          {...props}
          autoComplete="off"
          // What is typed is laid out in its own direction (a name in Arabic, an address).
          dir="auto"
          {...input}
          required={required}
          className="console-input min-h-11"
        />
      )}
    </Field>
  );
}

/** A multi-line input, labelled like `TextField`; `className` adds to the console's input style. */
export function TextAreaField({
  label,
  hint,
  required = false,
  className = "",
  ...textarea
}: { label: string; hint?: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field label={label} hint={hint} required={required}>
      {(props) => (
        <textarea
          {...props}
          {...textarea}
          required={required}
          className={`console-input ${className}`}
        />
      )}
    </Field>
  );
}
