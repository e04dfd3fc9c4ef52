/**
 * The lead page's answers to its "Possibly the same customer" section (lead-duplicates.tsx): a
 * merge of one lead into another, and two leads told apart. They go to the lead page's route,
 * as its other forms do; every other form is the page's own action's.
 */
import type { ActionFunctionArgs } from "react-router";
import { type LeadDetail, leadsApi } from "../../staff-api/leads";
import { STATUS_LABELS } from "../../staff-api/lead-labels";
import { call, failure, staleRecord } from "../api";

/** The intents of the section's forms. */
export const MERGE = "merge";
export const TELL_APART = "distinct";

/** What the section's forms answer, as the page's other forms do. */
export type DuplicateResult =
  | { ok: true; intent: typeof MERGE | typeof TELL_APART; message: string }
  | { ok: false; error: string; stale?: true };

/**
 * The lead page's action with the section's two forms answered here, the others by `action`. The
 * request's body is read from a copy, so that `action` can read it again.
 */
export function withDuplicateActions<R>(action: (args: ActionFunctionArgs) => Promise<R>) {
  return async (args: ActionFunctionArgs): Promise<R | DuplicateResult> => {
    const form = await args.request.clone().formData();
    const intent = form.get("intent");
    if (intent === MERGE) return merge(form);
    if (intent === TELL_APART) return tellApart(form);
    return action(args);
  };
}

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

/**
 * Merges the form's `lead` into its `into`, as of the version of `lead` the page read; refused as
 * stale, says what changed on that lead meanwhile.
 */
async function merge(form: FormData): Promise<DuplicateResult> {
  const id = text(form, "lead");
  try {
    await call(leadsApi.merge, {
      params: { id },
      body: { into: text(form, "into") },
      version: text(form, "version"),
    });
    return {
      ok: true,
      intent: MERGE,
      message: "Merged: the lead merged stays readable, and its history shows on the other.",
    };
  } catch (error) {
    const stale = staleRecord(error, leadsApi.merge);
    if (stale) return { ok: false, error: changedBeforeMerge(stale.current), stale: true };
    return failure(error, "The leads were not merged. Try again.");
  }
}

/** What a merge refused as stale says: what the lead to merge is now. */
export function changedBeforeMerge(current: LeadDetail): string {
  const now = current.mergedInto
    ? `it was merged into another lead meanwhile`
    : `its status is now ${STATUS_LABELS[current.status]} and its owner ${current.owner ?? "nobody"}`;
  return (
    `Someone else changed the lead to merge while you had this page open: ${now}. Nothing was ` +
    "merged. The page now shows the leads as they are: merge them again if it still applies."
  );
}

/** Tells the form's `lead` and `from` apart: neither lists the other again. */
async function tellApart(form: FormData): Promise<DuplicateResult> {
  try {
    const { message } = await call(leadsApi.distinct, {
      params: { id: text(form, "lead") },
      body: { from: text(form, "from") },
    });
    return { ok: true, intent: TELL_APART, message };
  } catch (error) {
    return failure(error, "The leads were not told apart. Try again.");
  }
}
