import {
  type FormEvent,
  type FormHTMLAttributes,
  type RefObject,
  useEffect,
  useRef,
  useState,
} from "react";
import type * as z from "zod/mini";
// Not "@leads/fields": that module loads the validation library, which a form may load later.
import { fieldErrors } from "@leads/field-errors";
import { type ConsentForm, currentWording } from "@leads/consent";
import { type RefusedForm, valuesFromRefused } from "@leads/refused-form";
import {
  type ApiFailure,
  type ApiResult,
  failureMessage,
  newIdempotencyKey,
  postLead,
} from "~/lib/api";
import { visitSource } from "~/lib/visit-source";

/** How a form tells the visitor what became of a submit. */
export interface LeadFormOutcomes<Sent = unknown> {
  /** The browser refused the values and sent nothing; each field shows its message (`errors`). */
  refused: (form: HTMLFormElement) => void;
  /** The server stored the lead (`sent`, the values as validated); the form is empty again. */
  sent: (sent: Sent) => void;
  /**
   * Sending failed: `message` says what happened and what to do; `kind` is what went wrong
   * ("invalid": the server refused fields, whose messages are in `errors`). What was typed is kept.
   */
  failed: (message: string, kind: ApiFailure["kind"]) => void;
}

export interface LeadFormOptions<
  Values extends Record<string, unknown>,
  Schema extends z.ZodMiniType,
> {
  initial: Values;
  /**
   * The form's rules, or a function that loads them: the validation library then stays out of
   * the page's first download and comes with the first submit.
   */
  schema: Schema | (() => Promise<Schema>);
  /** The address of the form's endpoint (leads/); without JavaScript the form posts itself there. */
  endpoint: string;
  /** Shape of the JSON body from the validated values (the demo form wraps them in formData). */
  toBody: (data: z.output<Schema>, honeypot: string) => object;
  /** Whose consent wording the form shows (leads/consent.ts): its version is sent along. */
  consentForm: ConsentForm;
  outcomes: LeadFormOutcomes<z.output<Schema>>;
  /** The server refused this form posted without JavaScript: it starts with those values and messages. */
  refused?: RefusedForm;
}

/** What a lead form's fields and its form element use of useLeadForm(). */
export interface LeadFormState<Values> {
  values: Values;
  setValue: <K extends keyof Values>(name: K, value: Values[K]) => void;
  errors: Record<string, string>;
  pending: boolean;
  honeypot: string;
  setHoneypot: (value: string) => void;
  /** Spread on the <form>: without JavaScript it posts itself to the endpoint. */
  formProps: FormHTMLAttributes<HTMLFormElement> & { ref: RefObject<HTMLFormElement | null> };
}

/**
 * The behaviour every lead form shares: validate with the form's zod schema before
 * anything is sent, show one message per field, clear a field's message as soon as it is edited,
 * send once at a time, report success only when the server stored the lead, keep the typed values
 * on failure and reset them on success. The form says how outcomes are told (`outcomes`).
 */
export function useLeadForm<Values extends Record<string, unknown>, Schema extends z.ZodMiniType>(
  options: LeadFormOptions<Values, Schema>,
): LeadFormState<Values> {
  const [values, setValues] = useState<Values>(() =>
    valuesFromRefused(options.initial, options.refused),
  );
  const [errors, setErrors] = useState<Record<string, string>>(options.refused?.errors ?? {});
  const [pending, setPending] = useState(false);
  const [honeypot, setHoneypot] = useState("");
  const sending = useRef(false);
  // One key per submission of the same values: a retry after a timeout reuses it, so the
  // server stores the lead once; any edit starts a new submission.
  const submissionKey = useRef<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const rules = useRef<Promise<Schema> | null>(null);
  // Loaded once, when the visitor first enters the form: by the time they submit, it is here.
  // A load that failed (no connection) is tried again on the next submit.
  const loadSchema = () =>
    (rules.current ??= Promise.resolve(
      typeof options.schema === "function" ? options.schema() : options.schema,
    ).catch((error: unknown) => {
      rules.current = null;
      throw error;
    }));

  // The form comes to life after the page has painted (app/islands/): what the visitor typed or
  // ticked before that is on the screen, so it is what the form holds.
  useEffect(() => {
    const typed = valuesIn(formRef.current, options.initial);
    if (Object.keys(typed).length > 0) setValues((current) => ({ ...current, ...typed }));
    // Once, when the form comes to life.
  }, []);

  function setValue<K extends keyof Values>(name: K, value: Values[K]) {
    submissionKey.current = null;
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name as string]: _removed, ...rest } = current;
      return rest;
    });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    const form = event.currentTarget;
    let schema: Schema;
    try {
      schema = await loadSchema();
    } catch {
      const offline = { ok: false, kind: "network" } as const;
      options.outcomes.failed(failureMessage(offline), offline.kind);
      return;
    }
    // A second click while the rules were loading: the first one is sending.
    if (sending.current) return;
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      options.outcomes.refused(form);
      return;
    }
    sending.current = true;
    setPending(true);
    submissionKey.current ??= newIdempotencyKey();
    const result: ApiResult = await postLead(
      options.endpoint,
      // Where the visit came from (lib/visit-source.ts) and the wording shown, with every form.
      {
        ...options.toBody(parsed.data, honeypot),
        source: visitSource(),
        consentVersion: currentWording(options.consentForm).version,
      },
      submissionKey.current,
    );
    sending.current = false;
    setPending(false);
    if (result.ok) {
      submissionKey.current = null;
      setValues(options.initial);
      setErrors({});
      options.outcomes.sent(parsed.data);
      return;
    }
    if (result.kind === "invalid") setErrors(result.fields);
    options.outcomes.failed(failureMessage(result), result.kind);
  }

  return {
    values,
    setValue,
    errors,
    pending,
    honeypot,
    setHoneypot,
    formProps: {
      method: "post",
      action: options.endpoint,
      noValidate: true,
      onSubmit,
      onFocus: () => void loadSchema().catch(() => {}),
      ref: formRef,
    },
  };
}

/** The fields of `form` named in `initial` whose value on the page differs from it. */
function valuesIn<Values extends Record<string, unknown>>(
  form: HTMLFormElement | null,
  initial: Values,
): Partial<Values> {
  const typed: Record<string, unknown> = {};
  for (const [name, empty] of Object.entries(initial)) {
    const field = form?.elements.namedItem(name);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) continue;
    const value = typeof empty === "boolean" ? (field as HTMLInputElement).checked : field.value;
    if (value !== empty) typed[name] = value;
  }
  return typed as Partial<Values>;
}
