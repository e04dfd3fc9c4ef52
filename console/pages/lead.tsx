import type { ReactNode } from "react";
import * as z from "zod/mini";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { Form, useLoaderData, useNavigation } from "react-router";
import { mailtoHref } from "@common/mailto";
import { teamApi } from "../../staff-api/admin";
import { leadsApi } from "../../staff-api/leads";
import { SOURCE_LABELS } from "../../staff-api/lead-labels";
import { call, failure, loadCall, staleRecord } from "../api";
import { CONSOLE_PAGES } from "../console-pages";
import { StatusBadge, TargetBadge } from "../components/badge";
import { ResultNotices, useFormResult, useResetWhenDone } from "../components/form-result";
import {
  type CorrectionRefused,
  LeadCorrectionForm,
  checkedCorrection,
  detailsChangedMeanwhile,
  refusalAtField,
} from "../components/lead-correction-form";
import { LeadWorkForm, changedMeanwhile, leadChanges } from "../components/lead-work-form";
import { LeadReplyForm } from "../components/lead-reply-form";
import { LeadNeighbours, loadNeighbours } from "../components/lead-neighbours";
import { type Added, LeadTimeline } from "../components/lead-timeline";
import { LeadDuplicates } from "../components/lead-duplicates";
import { DraftTextarea } from "../components/draft-textarea";
import { draftKey } from "../components/drafts";
import { useStaff } from "../session";
import { BackLink, PageHeading } from "../components/page-heading";
import { DefinitionList } from "../components/definition-list";
import { EmailAddress } from "../components/email-address";
import { formatDateTime, formatDuration } from "../format";
import { TYPE_LABELS, leadName, productLabel } from "../labels";

export async function leadLoader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  const [{ value: lead, version }, team, neighbours] = await Promise.all([
    loadCall(request, leadsApi.get, { params: { id } }),
    loadCall(request, teamApi.list),
    loadNeighbours(request, id),
  ]);
  return { lead, version, team: team.items, neighbours };
}

type ActionResult =
  | { ok: true; intent: string; message: string }
  /**
   * `stale`: refused as made on an older version; `noteError`, `replyError`: the note's or the
   * reply's own field refused.
   */
  | { ok: false; error: string; stale?: true; noteError?: true; replyError?: true }
  /** A field of the correction refused, said at the field. */
  | (CorrectionRefused & { field: NonNullable<CorrectionRefused["field"]> });

/**
 * The lead page's four forms: the status and owner, a correction of its details, a new note, a
 * reply by e-mail.
 */
export async function leadAction({ request, params }: ActionFunctionArgs): Promise<ActionResult> {
  const id = params.id ?? "";
  const form = await request.formData();
  try {
    if (form.get("intent") === "note") {
      // The contract's rules, as the server applies them (trimmed first): a note of nothing
      // visible, which the browser's `required` lets through, is refused here in its own words.
      const note = z.safeParse(leadsApi.addNote.body, { text: form.get("text") ?? "" });
      if (!note.success) {
        const error = note.error.issues[0]?.message ?? "The note was not saved. Try again.";
        return { ok: false, error, noteError: true };
      }
      await call(leadsApi.addNote, { params: { id }, body: note.data });
      return { ok: true, intent: "note", message: "Note added." };
    }
    if (form.get("intent") === "reply") return await reply(id, form);
    if (form.get("intent") === "correct") return await correct(id, form);
    const changes = leadChanges(form);
    if (Object.keys(changes).length === 0) {
      return { ok: true, intent: "update", message: "Nothing to save: no change was made." };
    }
    await update(id, form, changes);
    return { ok: true, intent: "update", message: "Lead updated." };
  } catch (error) {
    const stale = staleRecord(error, leadsApi.update);
    if (stale) {
      // The team read again for the owner's name: an action has no loader's data.
      const team = await call(teamApi.list).then(
        ({ items }) => items,
        () => [],
      );
      return { ok: false, error: changedMeanwhile(form, stale.current, team), stale: true };
    }
    return failure(error, "The change was not saved. Try again.");
  }
}

/**
 * E-mails the reply typed, by the contract's rules (trimmed first); whatever refuses it (its
 * rules, the server's 409 for a person who may not be written to) is said at its field.
 */
async function reply(id: string, form: FormData): Promise<ActionResult> {
  const parsed = z.safeParse(leadsApi.reply.body, { text: form.get("text") ?? "" });
  if (!parsed.success) {
    const error = parsed.error.issues[0]?.message ?? "The reply was not sent. Try again.";
    return { ok: false, error, replyError: true };
  }
  try {
    await call(leadsApi.reply, { params: { id }, body: parsed.data });
    return { ok: true, intent: "reply", message: "Reply sent." };
  } catch (error) {
    return { ...failure(error, "The reply was not sent. Try again."), replyError: true };
  }
}

/** Sends a change of the lead as of the version its form was filled from (a stale one is refused). */
async function update(id: string, form: FormData, body: z.input<typeof leadsApi.update.body>) {
  await call(leadsApi.update, { params: { id }, body, version: String(form.get("version") ?? "") });
}

/**
 * Sends the fields of the correction form changed, once the public form's rules take them (as the
 * server will); a refusal about a field is said at it, one as stale says what changed meanwhile.
 */
async function correct(id: string, form: FormData): Promise<ActionResult> {
  const correction = checkedCorrection(form);
  if ("ok" in correction)
    return correction.field ? { ...correction, field: correction.field } : correction;
  if (Object.keys(correction).length === 0) {
    return { ok: true, intent: "correct", message: "Nothing to save: no detail was changed." };
  }
  try {
    await update(id, form, correction);
    return { ok: true, intent: "correct", message: "Contact details corrected." };
  } catch (error) {
    const stale = staleRecord(error, leadsApi.update);
    if (stale)
      return { ok: false, error: detailsChangedMeanwhile(form, stale.current), stale: true };
    const refused = failure(error, "The correction was not saved. Try again.");
    const atField = refusalAtField(refused.error);
    return atField.field ? { ...atField, field: atField.field } : refused;
  }
}

/** One lead: everything it said, where it came from, what has been done about it. */
export function LeadPage() {
  const { lead, version, team, neighbours } = useLoaderData<typeof leadLoader>();
  const { result, busy } = useFormResult<typeof leadAction>();
  // The action's answer comes before the lead read again after it: the note is in the timeline
  // once the page has settled.
  const settled = useNavigation().state === "idle";

  const fields: [string, ReactNode][] = [
    ["Type", TYPE_LABELS[lead.type]],
    ["Product", productLabel(lead.product)],
    ["Name", leadName(lead)],
    [
      "E-mail",
      linked(lead.email && <EmailAddress>{lead.email}</EmailAddress>, mailtoHref(lead.email)),
    ],
    ["Phone", linked(lead.phone, `tel:${lead.phone}`)],
    ["Company", lead.company],
    ["Job title", lead.jobTitle],
    ["Industry", lead.industry],
    ["Received", formatDateTime(lead.createdAt)],
  ];
  const source = lead.source;
  const whereFrom = Object.entries(SOURCE_LABELS).map(
    ([part, label]): [string, string | undefined] => [
      label,
      source?.[part as keyof typeof SOURCE_LABELS],
    ],
  );

  return (
    <article>
      <BackLink to={CONSOLE_PAGES.leads.path}>← All leads</BackLink>
      <PageHeading title={leadName(lead)}>
        <StatusBadge status={lead.status} />
      </PageHeading>
      <LeadNeighbours neighbours={neighbours} />
      {/* Where each answer takes the focus, so that a keyboard or screen reader follows it: a
          refusal as stale and a saved status or owner here, an added note or a sent reply to
          the timeline, a refused note or reply to its field. */}
      <ResultNotices
        result={fieldRefusal(result) ? undefined : result}
        focusError={result?.ok === false && "stale" in result && result.stale}
        focusSuccess={result?.ok && result.intent !== "note" && result.intent !== "reply"}
      />
      <LeadDuplicates lead={lead} version={version} />

      {/* On a phone, one column in this order: what the lead said, then what to do with it
          (triage), then where it came from and its timeline. On a wide screen the forms are a
          column of their own beside the rest. */}
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="details-heading" className="lg:col-start-1">
          <h2 id="details-heading" className="mb-3 text-lg font-bold">
            Details
          </h2>
          <DefinitionList
            rows={fields}
            className="grid gap-x-4 gap-y-2 sm:grid-cols-[max-content_1fr]"
          />
          {lead.anonymisedAt ? (
            <p className="mt-4">
              The person&rsquo;s details were removed on {formatDateTime(lead.anonymisedAt)}: the
              lead was closed and had no activity for longer than the retention period.
            </p>
          ) : (
            <LeadCorrectionForm
              lead={lead}
              version={version}
              busy={busy}
              refused={result?.ok === false && "field" in result ? result : undefined}
            />
          )}
          {lead.message ? (
            <>
              <h3 className="mt-4 mb-1 font-semibold">Message</h3>
              <p className="rounded-md bg-gray-50 p-3 whitespace-pre-wrap" dir="auto">
                {lead.message}
              </p>
            </>
          ) : null}
          <p className="mt-4">
            Time to first response:{" "}
            <strong>
              {lead.timeToFirstResponseMs === null
                ? "not answered yet"
                : formatDuration(lead.timeToFirstResponseMs)}
            </strong>{" "}
            <TargetBadge lead={lead} now={new Date()} />
          </p>
          {lead.dueAt ? <p>Due: {formatDateTime(lead.dueAt)}</p> : null}
        </section>

        <div className="space-y-8 lg:col-start-2 lg:row-span-3 lg:row-start-1">
          <section aria-labelledby="work-heading" className="rounded-lg border border-gray-200 p-4">
            <h2 id="work-heading" className="mb-3 text-lg font-bold">
              Status and owner
            </h2>
            <LeadWorkForm lead={lead} version={version} team={team} busy={busy} />
          </section>

          <section aria-labelledby="note-heading" className="rounded-lg border border-gray-200 p-4">
            <h2 id="note-heading" className="mb-3 text-lg font-bold">
              Add a note
            </h2>
            <NoteForm leadId={lead.id} busy={busy} result={result} />
          </section>
        </div>

        <section aria-labelledby="source-heading" className="lg:col-start-1">
          <h2 id="source-heading" className="mb-3 text-lg font-bold">
            Where it came from
          </h2>
          <DefinitionList
            rows={whereFrom}
            className="grid gap-x-4 gap-y-2 sm:grid-cols-[max-content_1fr]"
          />
          {source?.landingPage ||
          source?.referrer ||
          source?.utmSource ||
          source?.utmCampaign ? null : (
            <p className="mt-2 text-muted">
              The visit did not say how it reached the site (no campaign tags; sent before
              attribution was kept, or from a browser that keeps nothing).
            </p>
          )}
        </section>

        <section aria-labelledby="timeline-heading" className="lg:col-start-1">
          <h2 id="timeline-heading" className="mb-3 text-lg font-bold">
            Timeline
          </h2>
          <LeadTimeline lead={lead} team={team} added={settled ? added(result) : undefined} />
        </section>

        <section
          aria-labelledby="reply-heading"
          className="rounded-lg border border-gray-200 p-4 lg:col-start-1"
        >
          <h2 id="reply-heading" className="mb-3 text-lg font-bold">
            Reply by e-mail
          </h2>
          {lead.anonymisedAt ? (
            <p>The person&rsquo;s details were removed: there is no one to write to.</p>
          ) : (
            <LeadReplyForm
              leadId={lead.id}
              busy={busy === "reply"}
              sent={result?.ok && result.intent === "reply" ? result : undefined}
              refused={
                result?.ok === false && "replyError" in result && result.replyError
                  ? result.error
                  : undefined
              }
            />
          )}
        </section>
      </div>
    </article>
  );
}

/** A refusal said at its field (a note's, a reply's, a correction's) rather than above the page. */
const fieldRefusal = (result: ActionResult | undefined) =>
  result?.ok === false &&
  (("noteError" in result && result.noteError) ||
    ("replyError" in result && result.replyError) ||
    "field" in result);

/** What the action just added to the timeline: a note, or a reply. */
const added = (result: ActionResult | undefined): Added | undefined =>
  result?.ok && (result.intent === "note" || result.intent === "reply") ? result.intent : undefined;

/** A value the browser can act on (an address, a phone number) as a link; none when empty. */
function linked(text: ReactNode, href: string): ReactNode {
  return text ? (
    <a href={href} className="console-link">
      {text}
    </a>
  ) : null;
}

/**
 * The note form empties itself once its note is saved, and only then; until then a half-written
 * note is kept in this browser (drafts.ts). A note its rules refuse is said at the field, which
 * takes the focus.
 */
function NoteForm({
  leadId,
  busy,
  result,
}: {
  leadId: string;
  busy: string | null;
  result: ActionResult | undefined;
}) {
  const saved = result?.ok && result.intent === "note" ? result : undefined;
  const form = useResetWhenDone(saved);
  const refused =
    result?.ok === false && "noteError" in result && result.noteError ? result : undefined;
  return (
    <Form method="post" className="space-y-3" ref={form}>
      <input type="hidden" name="intent" value="note" />
      <DraftTextarea
        draftKey={draftKey("note", useStaff().email, leadId)}
        done={saved}
        error={refused?.error}
        label="Note"
        hint="What was said or agreed. Notes are kept with the lead; only staff see them."
        rows={4}
        maxLength={5000}
      />
      <button type="submit" className="console-button-quiet" disabled={busy === "note"}>
        {busy === "note" ? "Adding…" : "Add note"}
      </button>
    </Form>
  );
}
