import { type FormEvent, useRef, useState } from "react";
import type * as z from "zod/mini";
import { fieldErrors } from "@leads/fields";
import { toast } from "~/components/ui/toast";
import { type ApiResult, failureMessage, newIdempotencyKey, postLead } from "~/lib/api";

interface LeadFormOptions<Values extends Record<string, unknown>, Schema extends z.ZodMiniType> {
  initial: Values;
  schema: Schema;
  endpoint: string;
  /** Shape of the JSON body from the validated values (the demo form wraps them in formData). */
  toBody: (data: z.output<Schema>, honeypot: string) => unknown;
  invalidMessage: string;
  successMessage: string;
}

/**
 * The behaviour every lead form shares: validate with the form's zod schema before
 * anything is sent, show one message per field, clear a field's message as soon as it is edited,
 * send once at a time, report success only when the server stored the lead, keep the typed values
 * on failure and reset them on success. Outcomes are told with toasts.
 */
export function useLeadForm<Values extends Record<string, unknown>, Schema extends z.ZodMiniType>(
  options: LeadFormOptions<Values, Schema>,
) {
  const [values, setValues] = useState<Values>(options.initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [honeypot, setHoneypot] = useState("");
  const sending = useRef(false);
  // One key per submission of the same values: a retry after a timeout reuses it, so the
  // server stores the lead once; any edit starts a new submission.
  const submissionKey = useRef<string | null>(null);

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
    const parsed = options.schema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      toast.error(options.invalidMessage);
      focusFirstInvalid(event.currentTarget);
      return;
    }
    sending.current = true;
    setPending(true);
    submissionKey.current ??= newIdempotencyKey();
    const result: ApiResult = await postLead(
      options.endpoint,
      options.toBody(parsed.data, honeypot),
      submissionKey.current,
    );
    sending.current = false;
    setPending(false);
    if (result.ok) {
      submissionKey.current = null;
      setValues(options.initial);
      setErrors({});
      toast.success(options.successMessage);
      return;
    }
    if (result.kind === "invalid") setErrors(result.fields);
    toast.error(failureMessage(result));
  }

  return { values, setValue, errors, pending, onSubmit, honeypot, setHoneypot };
}

function focusFirstInvalid(form: HTMLFormElement) {
  // Wait for React to render aria-invalid on the fields.
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
