import type { FormEvent, ReactNode } from "react";
import { HoneypotField } from "./honeypot-field";

/** The part of useLeadForm() the form element needs. */
interface LeadFormState {
  endpoint: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  honeypot: string;
  setHoneypot: (value: string) => void;
  pending: boolean;
}

interface LeadFormProps {
  form: LeadFormState;
  /** The form's accessible name. */
  label: string;
  /** The button's text, and its text while the lead is being sent. */
  submit: { idle: string; pending: string };
  children: ReactNode;
}

/**
 * The form element of the contact and demo forms: its fields in two columns, then the honeypot
 * and the submit button. Without JavaScript it posts itself to the endpoint; the server then
 * answers with a page that says what happened.
 */
export function LeadForm({ form, label, submit, children }: LeadFormProps) {
  return (
    <form
      method="post"
      action={form.endpoint}
      noValidate
      onSubmit={form.onSubmit}
      className="grid gap-5 sm:grid-cols-2"
      aria-label={label}
    >
      {children}
      <HoneypotField value={form.honeypot} onChange={form.setHoneypot} />
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" aria-disabled={form.pending || undefined}>
          {form.pending ? submit.pending : submit.idle}
        </button>
      </div>
    </form>
  );
}
