import type { ChangeEvent, InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { Field, type FieldProps } from "~/components/ui/field";
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

/** What every control of the editor gets: `Field`'s labelling, and its key, value and change. */
type EditorControlProps = Parameters<FieldProps["children"]>[0] & {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
};

/** Parts a field's props into the editor's own (`Common`) and those left for its control. */
function splitField<Rest extends object>(props: Common & Rest) {
  const { name, label, hint, errors, required, value, onValue, ...control } = props;
  return [{ name, label, hint, errors, required, value, onValue }, control] as const;
}

/**
 * The label, hint and refusal of one field of the editor (`Field`) around its control, whose id
 * is found from the field's key (focus moves there on a refusal) and whose value goes to `onValue`.
 */
function EditorField({
  field: { name, label, hint, errors, required = false, value, onValue },
  children,
}: {
  field: Common;
  children: (control: EditorControlProps) => ReactNode;
}) {
  return (
    <Field id={controlId(name)} label={label} hint={hint} error={errors[name]} required={required}>
      {(props) =>
        children({ ...props, name, value, onChange: (event) => onValue(event.target.value) })
      }
    </Field>
  );
}

/** A one-line input of the editor, its label, hint and refusal tied to it (`Field`). */
export function ContentInput(
  props: Common & Omit<InputHTMLAttributes<HTMLInputElement>, "className" | "value" | "name">,
) {
  const [field, input] = splitField(props);
  return (
    <EditorField field={field}>
      {(control) => (
        <input
          autoComplete="off"
          dir="auto"
          {...input}
          {...control}
          className="console-input min-h-11 w-full"
        />
      )}
    </EditorField>
  );
}

/** A multi-line input of the editor (Markdown), labelled like `ContentInput`. */
export function ContentTextArea({
  rows = 8,
  ...field
}: Common & Pick<TextareaHTMLAttributes<HTMLTextAreaElement>, "rows">) {
  return (
    <EditorField field={field}>
      {(control) => (
        <textarea
          dir="auto"
          rows={rows}
          {...control}
          className="console-input w-full font-mono text-sm"
        />
      )}
    </EditorField>
  );
}
