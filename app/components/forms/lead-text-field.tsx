import type { HTMLInputTypeAttribute } from "react";
import { Field, TextInput } from "~/components/ui/field";

/** The part of useLeadForm() a text field needs. */
interface FormState<Values> {
  values: Values;
  errors: Record<string, string>;
  setValue: <K extends keyof Values>(name: K, value: Values[K]) => void;
}

interface LeadTextFieldProps<Values> {
  form: FormState<Values>;
  name: keyof Values & string;
  label: string;
  required?: boolean;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
}

/** A labelled text input bound to one value of a lead form, with its error message. */
export function LeadTextField<Values extends Record<string, unknown>>({
  form,
  name,
  label,
  required,
  type = "text",
  autoComplete,
}: LeadTextFieldProps<Values>) {
  return (
    <Field label={label} required={required} error={form.errors[name]}>
      {(props) => (
        <TextInput
          {...props}
          type={type}
          name={name}
          autoComplete={autoComplete}
          value={String(form.values[name] ?? "")}
          onChange={(e) => form.setValue(name, e.target.value as Values[typeof name])}
        />
      )}
    </Field>
  );
}
