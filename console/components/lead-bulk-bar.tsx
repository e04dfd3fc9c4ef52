import { useEffect, useRef, useState } from "react";
import { type ActionFunctionArgs, Form, useActionData } from "react-router";
import { LEAD_STATUSES, type LeadStatus } from "@leads/workflow";
import { type TeamMember, staffName } from "../../staff-api/admin";
import { type BulkChanged, type LeadSummary, leadsApi } from "../../staff-api/leads";
import { leadName } from "../../staff-api/lead-labels";
import { call, failure } from "../api";
import { STATUS_LABELS, choices } from "../labels";
import { useStaff } from "../session";
import { Field } from "~/components/ui/field";
import { useFormResult } from "./form-result";
import { ownerChoices } from "./lead-work-form";
import { IntentButton } from "./newsletter-editor";
import { Notice } from "./notice";
import { Options } from "./options";
import { nameOf } from "./staff-name";

/** What the inbox's action answers: what the change of several leads did, or why it was refused. */
export type BulkResult = { ok: true; answer: BulkChanged } | { ok: false; error: string };

/**
 * The inbox action's answer when it was a change of leads: the page's saved-filter forms answer
 * through the same action, and their answers name their intent.
 */
function useBulkResult(): BulkResult | undefined {
  const result = useActionData<BulkResult | { intent: string }>();
  return result && !("intent" in result) ? result : undefined;
}

/** The field each selected lead is sent in: its id and the version the list showed, spaced. */
const LEAD_FIELD = "lead";

/**
 * The inbox's action: the change the bar's button asks for (`assign` to the owner chosen,
 * `status`, `spam`) of every lead selected, each at the version the list showed it at.
 */
export async function leadBulkAction({ request }: ActionFunctionArgs): Promise<BulkResult> {
  const form = await request.formData();
  const items = form.getAll(LEAD_FIELD).map((value) => {
    const [id = "", version = ""] = String(value).split(" ");
    return { id, version };
  });
  const intent = form.get("intent");
  // A status the console does not offer is sent on, for the server to refuse.
  const change =
    intent === "spam"
      ? { status: "spam" as const }
      : intent === "status"
        ? { status: String(form.get("status")) as LeadStatus }
        : { owner: String(form.get("owner") ?? "") || null };
  try {
    return { ok: true, answer: await call(leadsApi.updateMany, { body: { items, ...change } }) };
  } catch (error) {
    return failure(error, "The leads were not changed. Try again.");
  }
}

const leads = (count: number) => `${count} ${count === 1 ? "lead" : "leads"}`;

/**
 * What a change of several leads did, in words: how many changed; those someone else changed
 * since the page was loaded, each as it now is (its status, its owner by name); those gone.
 */
export function bulkOutcome(answer: BulkChanged, team: readonly TeamMember[]): string {
  const said = [`${answer.changed.length ? leads(answer.changed.length) : "No lead"} changed.`];
  const { stale, missing } = answer;
  if (stale.length) {
    const one = stale.length === 1;
    const each = stale.map(
      (lead) =>
        `${leadName(lead)} — now ${STATUS_LABELS[lead.status]}, owner ${nameOf(team, lead.owner)}`,
    );
    said.push(
      `${leads(stale.length)} ${one ? "was" : "were"} changed by someone else since you loaded ` +
        `the page and ${one ? "was left as it is" : "were left as they are"}: ${each.join("; ")}.`,
    );
  }
  if (missing.length) {
    said.push(`${leads(missing.length)} no longer ${missing.length === 1 ? "exists" : "exist"}.`);
  }
  return said.join(" ");
}

/** The leads selected in the inbox, each by id with the version the list showed. */
export interface LeadSelection {
  selected: ReadonlyMap<string, string>;
  /** Selects (`on`) or leaves out each of `leads`, as [id, version]. */
  set: (leads: readonly (readonly [string, string])[], on: boolean) => void;
}

/**
 * The inbox's selection, emptied once a change of the leads is answered: the list is loaded
 * again, and a lead left as it was is chosen again as it now is.
 */
export function useLeadSelection(): LeadSelection {
  const result = useBulkResult();
  // The selection made since the action's last answer: one made before a change went through
  // is no longer shown.
  const [state, setState] = useState<{ since: unknown; selected: ReadonlyMap<string, string> }>(
    () => ({ since: result, selected: new Map() }),
  );
  const current = (made: typeof state) =>
    made.since === result || !result?.ok ? made.selected : new Map<string, string>();
  const set: LeadSelection["set"] = (leads, on) =>
    setState((now) => {
      const next = new Map(current(now));
      for (const [id, version] of leads) {
        if (on) next.set(id, version);
        else next.delete(id);
      }
      return { since: result, selected: next };
    });
  return { selected: current(state), set };
}

/** A row's checkbox, named for its lead: "Select Ama Mensah". */
export function LeadCheckbox({ lead, selection }: { lead: LeadSummary; selection: LeadSelection }) {
  return (
    // 24 px, and clear of the lead's link beside it: a target a thumb can hit (WCAG 2.2, 2.5.8).
    <label className="mr-3 inline-flex align-middle">
      <input
        type="checkbox"
        className="h-6 w-6"
        data-lead={lead.id}
        data-version={lead.version}
        checked={selection.selected.has(lead.id)}
        onChange={(event) => selection.set([[lead.id, lead.version]], event.target.checked)}
      />
      <span className="sr-only">Select {leadName(lead)}</span>
    </label>
  );
}

/** The rows' checkboxes on the page: every lead shown, "Show more"'s too. */
const shownLeads = () =>
  [...document.querySelectorAll<HTMLInputElement>("input[data-lead]")].map(
    (box) => [box.dataset.lead ?? "", box.dataset.version ?? ""] as const,
  );

/** Selects, or leaves out, every lead the page shows. */
export function SelectAllLeads({ selection }: { selection: LeadSelection }) {
  const box = useRef<HTMLInputElement>(null);
  // Ticked when every row shown is selected, read once the rows have rendered.
  useEffect(() => {
    const shown = shownLeads();
    if (box.current) {
      box.current.checked = shown.length > 0 && shown.every(([id]) => selection.selected.has(id));
    }
  }, [selection.selected]);
  return (
    <label className="mb-2 inline-flex min-h-11 items-center gap-2 font-semibold">
      <input
        ref={box}
        type="checkbox"
        className="h-6 w-6"
        onChange={(event) => selection.set(shownLeads(), event.target.checked)}
      />
      Select all on this page
    </label>
  );
}

/**
 * What the last change of several leads did, as a status that takes the focus: the bar the
 * person sent it from has gone with the selection, and the list below is loaded again.
 */
export function BulkOutcome({ team }: { team: readonly TeamMember[] }) {
  const result = useBulkResult();
  return (
    <>
      <Notice tone="error" focusOn={result?.ok === false ? result : undefined}>
        {result?.ok === false ? result.error : null}
      </Notice>
      <Notice tone="success" focusOn={result?.ok ? result : undefined}>
        {result?.ok ? bulkOutcome(result.answer, team) : null}
      </Notice>
    </>
  );
}

/**
 * The bar of what to do with the leads selected, once there is one: give them to someone (me,
 * nobody, a colleague), set their status, or mark them as spam. Fixed at the foot of the window,
 * so that it stays in reach however long the list; the page keeps room below its last row and
 * scrolls what takes the focus clear of it (WCAG 2.2, focus not obscured).
 */
export function LeadBulkBar({
  selection,
  team,
}: {
  selection: LeadSelection;
  team: readonly TeamMember[];
}) {
  const me = useStaff();
  const { busy } = useFormResult<typeof leadBulkAction>();
  const bar = useRef<HTMLFormElement>(null);
  const room = useRef<HTMLDivElement>(null);
  const count = selection.selected.size;
  useEffect(() => {
    const height = bar.current?.offsetHeight ?? 0;
    if (room.current) room.current.style.height = `${height}px`;
    const root = document.documentElement;
    root.style.scrollPaddingBottom = height ? `${height + 8}px` : "";
    return () => {
      root.style.scrollPaddingBottom = "";
    };
  }, [count]);
  if (count === 0) return null;
  const others = ownerChoices([...team], null).filter(([address]) => address !== me.email);
  return (
    <>
      <div ref={room} aria-hidden="true" />
      <Form
        method="post"
        ref={bar}
        aria-label="Change the selected leads"
        className="fixed inset-x-0 bottom-0 z-10 border-t-2 border-brand-800 bg-white px-4 py-3 shadow-lg"
      >
        {[...selection.selected].map(([id, version]) => (
          <input key={id} type="hidden" name={LEAD_FIELD} value={`${id} ${version}`} />
        ))}
        <div className="mx-auto flex max-w-6xl flex-wrap items-end gap-x-4 gap-y-2">
          <p className="flex min-h-11 items-center gap-3" aria-live="polite">
            <strong>{count} selected</strong>
            <button
              type="button"
              className="console-link"
              onClick={() => selection.set([...selection.selected], false)}
            >
              Clear
            </button>
          </p>
          <div className="flex items-end gap-2">
            <Field label="Assign to">
              {(props) => (
                <select {...props} name="owner" defaultValue={me.email} className="console-input">
                  <option value={me.email}>Me ({staffName(me)})</option>
                  <option value="">Nobody</option>
                  <Options choices={others} />
                </select>
              )}
            </Field>
            <IntentButton intent="assign" label="Assign" busyLabel="Assigning…" busy={busy} />
          </div>
          <div className="flex items-end gap-2">
            <Field label="New status">
              {(props) => (
                <select {...props} name="status" defaultValue="contacted" className="console-input">
                  <Options choices={choices(LEAD_STATUSES, STATUS_LABELS)} />
                </select>
              )}
            </Field>
            <IntentButton intent="status" label="Set status" busyLabel="Setting…" busy={busy} />
          </div>
          <IntentButton
            intent="spam"
            label="Mark as spam"
            busyLabel="Marking…"
            busy={busy}
            className="console-button-quiet"
          />
        </div>
      </Form>
    </>
  );
}
