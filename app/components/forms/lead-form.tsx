import type { HTMLInputTypeAttribute, ReactNode } from "react";
import type * as z from "zod/mini";
import { Field, TextInput } from "~/components/ui/field";
import { toast } from "~/components/ui/toast";
import { ConsentVersionField, ConsentWords } from "./consent-words";
import { HoneypotField } from "./honeypot-field";
import { type LeadFormOptions, type LeadFormState, useLeadForm } from "./use-lead-form";

/** One text input of a lead form: which value it holds and how it is labelled. */
interface LeadTextField<Values> {
  name: keyof Values & string;
  label: string;
  required?: boolean;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
}

/** What sets one toast-telling lead form apart from the other: its values, rules and fields. */
export interface LeadFormConfig<
  Values extends Record<string, unknown>,
  Schema extends z.ZodMiniType,
> extends Omit<LeadFormOptions<Values, Schema>, "outcomes"> {
  /** The toast of a refused form and of a stored lead. */
  toasts: { invalid: string; success: string };
  /** The form's accessible name. */
  label: string;
  /** The button's text, and its text while the lead is being sent. */
  submit: { idle: string; pending: string };
  /** The text inputs, first in the form. */
  textFields: readonly LeadTextField<Values>[];
  /**
   * Show the form's consent wording as a notice by the button (the demo forms, which have no
   * box to tick); a form with a box words it in its own label.
   */
  consentNotice?: boolean;
}

interface LeadFormProps<Values extends Record<string, unknown>, Schema extends z.ZodMiniType> {
  config: LeadFormConfig<Values, Schema>;
  /** The fields after the text inputs, bound to the form's state. */
  children: (form: LeadFormState<Values>) => ReactNode;
}

/**
 * The contact and demo forms: useLeadForm() telling each outcome with a toast, the fields in two
 * columns, then the honeypot and the submit button. Without JavaScript it posts itself to the
 * endpoint; the server then answers with a page that says what happened.
 */
export function LeadForm<Values extends Record<string, unknown>, Schema extends z.ZodMiniType>({
  config,
  children,
}: LeadFormProps<Values, Schema>) {
  const form = useLeadForm({
    ...config,
    outcomes: {
      refused: (element) => {
        toast.error(config.toasts.invalid);
        // Once React has marked the fields aria-invalid, the first of them takes the focus.
        requestAnimationFrame(() =>
          element.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
        );
      },
      sent: () => toast.success(config.toasts.success),
      failed: (message) => toast.error(message),
    },
  });
  return (
    <form {...form.formProps} className="grid gap-5 sm:grid-cols-2" aria-label={config.label}>
      {config.textFields.map(({ name, label, required, type = "text", autoComplete }) => (
        <Field key={name} label={label} required={required} error={form.errors[name]}>
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
      ))}
      {children(form)}
      <HoneypotField value={form.honeypot} onChange={form.setHoneypot} />
      <ConsentVersionField form={config.consentForm} />
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" aria-disabled={form.pending || undefined}>
          {form.pending ? config.submit.pending : config.submit.idle}
        </button>
        {/* Below the button: its link comes after it in the Tab order, as the form ends. */}
        {config.consentNotice ? (
          <p className="mt-3 text-sm text-muted">
            <ConsentWords form={config.consentForm} />
          </p>
        ) : null}
      </div>
    </form>
  );
}
