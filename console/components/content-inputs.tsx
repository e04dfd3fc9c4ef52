import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { Field } from "~/components/ui/field";
import type { FieldErrors } from "../content";

/** The id of the editor's control for a field key ("title", "results.0.figure"): focus finds it. */
export const controlId = (key: string) => `content-${key.replace(/\./g, "-")}`;

/** The first control of the editor a refusal names, in the page's order, to take the focus. */
export function focusFirstError(errors: FieldErrors) {
  const first = Object.keys(errors)
    .map((key) => document.getElementById(controlId(key)))
    .filter((element): element is HTMLElement => element !== null)
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
  first?.focus();
}

interface Common {
  /** The field's key: its control's id and where its error is found. */
  name: string;
  label: string;
  hint?: ReactNode;
  errors: FieldErrors;
  required?: boolean;
  value: string;
  onValue: (value: string) => void;
}

/** A one-line input of the editor, its label, hint and refusal tied to it (`Field`). */
export function ContentInput({
  name,
  label,
  hint,
  errors,
  required = false,
  value,
  onValue,
  ...input
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, "className" | "value" | "name">) {
  return (
    <Field id={controlId(name)} label={label} hint={hint} error={errors[name]} required={required}>
      {(props) => (
        <input
          {...props}
          autoComplete="off"
          dir="auto"
          {...input}
          name={name}
          value={value}
          onChange={(event) => onValue(event.target.value)}
          className="console-input min-h-11 w-full"
        />
      )}
    </Field>
  );
}

/** A multi-line input of the editor (Markdown), labelled like `ContentInput`. */
export function ContentTextArea({
  name,
  label,
  hint,
  errors,
  required = false,
  value,
  onValue,
  rows = 8,
}: Common & Pick<TextareaHTMLAttributes<HTMLTextAreaElement>, "rows">) {
  return (
    <Field id={controlId(name)} label={label} hint={hint} error={errors[name]} required={required}>
      {(props) => (
        <textarea
          {...props}
          dir="auto"
          name={name}
          rows={rows}
          value={value}
          onChange={(event) => onValue(event.target.value)}
          className="console-input w-full font-mono text-sm"
        />
      )}
    </Field>
  );
}
