import { useEffect, useRef, useState } from "react";
import * as z from "zod/mini";
import { Form } from "react-router";
import { type LeadDetail } from "../../staff-api/leads";
import { correctionSchema } from "../../staff-api/lead-timeline";
import { CORRECTABLE_LABELS } from "../../staff-api/lead-labels";
import { CORRECTABLE, type CorrectableField } from "../../staff-api/lead-timeline";
import { Field } from "~/components/ui/field";
import { IntentButton } from "./newsletter-editor";
import { UnsavedChangesGuard } from "./unsaved-changes";
import { changedWhileOpen } from "../stale";

/** The hidden field of what a correctable field was filled with ("was-phone"). */
const was = (field: CorrectableField) => `was-${field}`;

/** The lead's correctable fields, by its type, with their values as read. */
const fieldsOf = (lead: LeadDetail) =>
  CORRECTABLE[lead.type].map((field) => [field, lead[field] ?? ""] as const);

/** What a refused correction says: at a field when it is about one, else above the page. */
export interface CorrectionRefused {
  ok: false;
  error: string;
  field?: CorrectableField;
}

/**
 * The lead's contact details, to correct at the person's request (docs/decisions/0032): prefilled
 * with the lead as read at `version`, which it sends with what it was filled with, so that the
 * action sends only the fields changed (`correctionOf`). Keyed by the version, it is filled anew
 * once a save, or a refusal as stale, brings a new one. Leaving with changes typed asks first.
 */
export function LeadCorrectionForm({
  lead,
  version,
  busy,
  refused,
}: {
  lead: LeadDetail;
  version: string;
  busy: string | null;
  /** The action's refusal of a field of this form, to show at the field. */
  refused: CorrectionRefused | undefined;
}) {
  const fields = fieldsOf(lead);
  // The version the fields were changed on: a save or a refusal as stale brings a new one, with
  // the form filled anew, so what was typed on the old one no longer counts as unsaved.
  const [changedOn, setChangedOn] = useState<string | null>(null);
  const dirty = changedOn === version;
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (refused?.field)
      form.current?.querySelector<HTMLElement>(`[name="${refused.field}"]`)?.focus();
  }, [refused]);
  return (
    <details open={refused?.field ? true : undefined} className="mt-4">
      <summary className="cursor-pointer font-semibold">Correct contact details</summary>
      <p className="mt-2 text-sm text-muted">
        When the person asks for a mistake to be put right. Their old values stay visible to admins
        in the audit log; the timeline says which fields changed.
      </p>
      <Form
        method="post"
        className="mt-3 space-y-3"
        key={version}
        ref={form}
        onInput={(event) =>
          setChangedOn(
            Object.keys(correctionOf(new FormData(event.currentTarget))).length ? version : null,
          )
        }
      >
        <UnsavedChangesGuard dirty={dirty} />
        <input type="hidden" name="version" value={version} />
        <input type="hidden" name="type" value={lead.type} />
        {fields.map(([field, value]) => (
          <div key={field}>
            <input type="hidden" name={was(field)} value={value} />
            <Field
              label={CORRECTABLE_LABELS[field]}
              error={refused?.field === field ? refused.error : undefined}
            >
              {(props) => (
                <input
                  {...props}
                  name={field}
                  type={field === "email" ? "email" : field === "phone" ? "tel" : "text"}
                  defaultValue={value}
                  autoComplete="off"
                  dir="auto"
                  className="console-input min-h-11"
                />
              )}
            </Field>
          </div>
        ))}
        <IntentButton
          intent="correct"
          label="Save corrections"
          busyLabel="Saving…"
          busy={busy}
          className="console-button-quiet"
        />
      </Form>
    </details>
  );
}

/** The correctable fields of the form that differ from what it was filled with. */
export function correctionOf(form: FormData): Partial<Record<CorrectableField, string>> {
  const changed: Partial<Record<CorrectableField, string>> = {};
  for (const [key, value] of form) {
    const field = key as CorrectableField;
    if (!(field in CORRECTABLE_LABELS)) continue;
    if (value !== form.get(was(field))) changed[field] = String(value);
  }
  return changed;
}

/**
 * The correction a form holds, checked with the public form's rules as the server checks it; the
 * refusal at its field when a rule refuses it.
 */
export function checkedCorrection(
  form: FormData,
): Partial<Record<CorrectableField, string>> | CorrectionRefused {
  const changed = correctionOf(form);
  const type = form.get("type") === "demo" ? "demo" : "contact";
  const fields = Object.keys(changed) as CorrectableField[];
  const checked = z.safeParse(correctionSchema(type, fields), changed);
  if (checked.success) return changed;
  const issue = checked.error.issues[0];
  return {
    ok: false,
    error: issue?.message ?? "The correction was not saved. Try again.",
    field: issue?.path[0] as CorrectableField | undefined,
  };
}

/** A server's refusal "phone: Must be…" at its field; any other as it is. */
export function refusalAtField(error: string): CorrectionRefused {
  const match = /^(\w+): (.*)$/s.exec(error);
  const field = match?.[1] as CorrectableField | undefined;
  return field && field in CORRECTABLE_LABELS && match?.[2]
    ? { ok: false, error: match[2], field }
    : { ok: false, error };
}

/** What to say when a correction was refused because `current`, the lead now, changed meanwhile. */
export function detailsChangedMeanwhile(form: FormData, current: LeadDetail): string {
  const changed = fieldsOf(current)
    .filter(([field, value]) => value !== form.get(was(field)))
    .map(([field]) => CORRECTABLE_LABELS[field].toLowerCase());
  return changedWhileOpen({
    record: "this lead",
    changes: changed.length ? [`${changed.join(", ")} changed`] : [],
    notMade: "Your correction was not saved.",
    next: "The form now shows the lead as it is: make your correction again if it still applies.",
  });
}
