import {
  type HTMLInputTypeAttribute,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import type * as z from "zod/mini";
import type { RefusedForm } from "@leads/refused-form";
import { Field, TextInput } from "~/components/ui/field";
import { toast } from "~/components/ui/toast";
import { ConsentVersionField, ConsentWords } from "./consent-words";
import { ErrorSummary } from "./error-summary";
import { HoneypotField } from "./honeypot-field";
import { SentPanel } from "./sent-panel";
import { type LeadFormOptions, type LeadFormState, useLeadForm } from "./use-lead-form";

/** One text input of a lead form: which value it holds and how it is labelled. */
interface LeadTextField<Values> {
  name: keyof Values & string;
  label: string;
  required?: boolean;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  /** The schema's limit (leads/messages.ts): the field takes no more than the server accepts. */
  maxLength: number;
  hint?: string;
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
  /** What takes the form's place once the lead is stored: what happens next, for what was sent. */
  sent: (values: z.output<Schema>) => { headline: string; body: ReactNode };
  /** The button under it that brings back an empty form. */
  sendAnother: string;
}

/** What the fields after the text inputs get: the form's state and the id of each control. */
export interface LeadFormFields<Values> extends LeadFormState<Values> {
  fieldId: (name: keyof Values & string) => string;
}

interface LeadFormProps<Values extends Record<string, unknown>, Schema extends z.ZodMiniType> {
  config: LeadFormConfig<Values, Schema>;
  /** The fields after the text inputs, bound to the form's state. */
  children: (form: LeadFormFields<Values>) => ReactNode;
  /** This form, posted without JavaScript, was refused by the server (leads/refused-form.ts). */
  refused?: RefusedForm;
}

/**
 * The contact and demo forms: useLeadForm() telling each outcome with a toast and on the form
 * itself. A refused form opens with one summary of what to fix, which takes the focus; a failed
 * send says what to do above the button; a stored lead gives way to what happens next. Fields in
 * two columns, then the honeypot and the submit button. Without JavaScript it posts itself to
 * the endpoint; the server then answers with a page that says what happened, or with this page
 * again, the form refused (`refused`): the summary then takes the focus as the page opens.
 */
export function LeadForm<Values extends Record<string, unknown>, Schema extends z.ZodMiniType>({
  config,
  children,
  refused,
}: LeadFormProps<Values, Schema>) {
  const formId = useId();
  const fieldId = (name: keyof Values & string) => `${formId}-${name}`;
  const summary = useRef<HTMLDivElement>(null);
  // Bumped each time the summary should take the focus, once React has drawn it.
  const [summaryTurn, setSummaryTurn] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<{ headline: string; body: ReactNode } | null>(null);
  // Set by "send another": the form that comes back puts the visitor in its first field.
  const startOver = useRef(false);
  const form = useLeadForm({
    ...config,
    refused,
    outcomes: {
      refused: () => {
        toast.error(config.toasts.invalid);
        setFailure(null);
        setSummaryTurn((turn) => turn + 1);
      },
      sent: (values) => {
        toast.success(config.toasts.success);
        setFailure(null);
        setSent(config.sent(values));
      },
      failed: (message, kind) => {
        toast.error(message);
        // Refused by the server: its messages are in the summary, like the browser's own.
        if (kind === "invalid") {
          setFailure(null);
          setSummaryTurn((turn) => turn + 1);
        } else setFailure(message);
      },
    },
  });

  useEffect(() => {
    if (summaryTurn > 0) summary.current?.focus();
  }, [summaryTurn]);
  const firstFieldId = fieldId(config.textFields[0]?.name ?? "");
  useEffect(() => {
    if (sent || !startOver.current) return;
    startOver.current = false;
    document.getElementById(firstFieldId)?.focus();
  }, [sent, firstFieldId]);

  if (sent) {
    return (
      <SentPanel
        headline={sent.headline}
        again={{
          label: config.sendAnother,
          onClick: () => {
            startOver.current = true;
            setSent(null);
          },
        }}
      >
        {sent.body}
      </SentPanel>
    );
  }

  const fields = Object.keys(config.initial).map((name) => ({ name, id: fieldId(name) }));
  return (
    <form {...form.formProps} className="grid gap-5 sm:grid-cols-2" aria-label={config.label}>
      <ErrorSummary
        ref={summary}
        errors={form.errors}
        fields={fields}
        focusOnLoad={refused !== undefined}
      />
      {config.textFields.map(
        ({ name, label, required, type = "text", autoComplete, ...limits }) => (
          <Field
            key={name}
            id={fieldId(name)}
            label={label}
            required={required}
            error={form.errors[name]}
            hint={limits.hint}
          >
            {(props) => (
              <TextInput
                {...props}
                type={type}
                name={name}
                autoComplete={autoComplete}
                maxLength={limits.maxLength}
                value={String(form.values[name] ?? "")}
                onChange={(e) => form.setValue(name, e.target.value as Values[typeof name])}
              />
            )}
          </Field>
        ),
      )}
      {children({ ...form, fieldId })}
      <HoneypotField value={form.honeypot} onChange={form.setHoneypot} />
      <ConsentVersionField form={config.consentForm} />
      <div className="sm:col-span-2">
        {failure ? (
          <p className="mb-4 rounded-xl border-2 border-red-700 bg-white p-3 font-medium text-red-700">
            <strong className="block">Not sent yet.</strong> {failure}
          </p>
        ) : null}
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
