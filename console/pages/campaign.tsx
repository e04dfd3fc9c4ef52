import { useEffect } from "react";
import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  useLoaderData,
  useRevalidator,
} from "react-router";
import {
  type CampaignDetail,
  type NewsletterPreview,
  campaignsApi,
  welcomeApi,
} from "../../staff-api/newsletter";
import { call, failure, loadCall, staleRecord } from "../api";
import { type DraftRead, campaignRead, draftChangedMeanwhile } from "../newsletter-stale";
import { useRead, versionIn } from "../stale";
import { CONSOLE_PAGES } from "../console-pages";
import { Badge } from "../components/badge";
import { CampaignReport, CancelCampaign } from "../components/campaign-report";
import { ConfirmButton } from "../components/confirm-button";
import { DateTime } from "../components/date-time";
import { ResultNotices, useFormResult } from "../components/form-result";
import { IntentButton, NewsletterEditor, draftOf } from "../components/newsletter-editor";
import { BackLink, PageHeading } from "../components/page-heading";
import { TestSend, testAddressesFrom } from "../components/test-send";
import { TIME_ZONE_LABEL, formatDateTime, fromAccraInput, toAccraInput } from "../format";
import { CAMPAIGN_STATUS_LABELS } from "../labels";
import { sendTimeSentence } from "../send-time";

/** How often the report of a campaign being sent is read again. */
const REFRESH_MS = 5_000;

export async function campaignLoader({ request, params }: LoaderFunctionArgs) {
  return loadCall(request, campaignsApi.get, { params: { id: params.id ?? "" } });
}

/** A save, and a refusal as stale, bring the version and text the form now builds on (`read`). */
type ActionResult =
  | { ok: true; intent: string; message?: string; preview?: NewsletterPreview; read?: DraftRead }
  | { ok: false; error: string; read?: DraftRead };

const DONE: Record<string, string> = {
  save: "Saved.",
  send: "Sending has started.",
  pause: "Paused. No more copies go out until you resume.",
  resume: "Resumed.",
  cancel: "Cancelled. The copies not yet sent will not go out.",
  retry: "The failed copies are queued again.",
};

/**
 * Every button of the page: the editor's (preview, save, test, send, schedule) save the draft as
 * it stands first, so what is tested or sent is what is on the screen.
 */
export async function campaignAction({
  request,
  params,
}: ActionFunctionArgs): Promise<ActionResult> {
  const id = params.id ?? "";
  const form = await request.formData();
  const intent = String(form.get("intent"));
  const address = { id };
  try {
    if (intent === "preview") {
      const preview = await call(welcomeApi.preview, { body: draftOf(form) });
      return { ok: true, intent, preview };
    }
    const test = intent === "test" ? testAddressesFrom(form) : null;
    if (test && "error" in test) return { ok: false, error: test.error };
    // Each save names the version the form was filled from, and then the one it made.
    let version = versionIn(form);
    let read: DraftRead | undefined;
    if (["save", "test", "send", "schedule"].includes(intent)) {
      const saved = await call(campaignsApi.update, {
        params: address,
        body: draftOf(form),
        version,
      });
      version = saved.version;
      read = campaignRead(saved.value, version);
    }
    if (test) {
      const { message } = await call(campaignsApi.test, { params: address, body: test });
      return { ok: true, intent, message, read };
    }
    if (intent === "send" || intent === "schedule") {
      // The field's day and time are Accra's, whatever the device's time zone.
      const at = intent === "schedule" ? fromAccraInput(String(form.get("at") ?? "")) : null;
      if (intent === "schedule" && !at) {
        return { ok: false, error: `Choose the date and time to send it, in ${TIME_ZONE_LABEL}.` };
      }
      // The server refuses a time that has passed (400, shown as it comes): only "Send now",
      // after its confirm step, sends at once.
      const sent = await call(campaignsApi.send, {
        params: address,
        body: at ? { at: at.toISOString() } : {},
        version,
      });
      const { status } = sent.value;
      // A scheduled campaign stays editable: its next save names the version the schedule made.
      const scheduledAt = at?.toISOString() ?? null;
      const record = { ...read?.record, status, scheduledAt } as DraftRead["record"];
      return {
        ok: true,
        intent,
        read: { record, version: sent.version },
        message:
          status === "scheduled"
            ? `Scheduled for ${formatDateTime(at?.toISOString())}.`
            : DONE.send,
      };
    }
    const { pause, resume, cancel, retry } = campaignsApi;
    const actions: Record<string, () => Promise<unknown>> = {
      pause: () => call(pause, { params: address, body: {} }),
      resume: () => call(resume, { params: address, body: {} }),
      cancel: () => call(cancel, { params: address, body: {} }),
      retry: () => call(retry, { params: address, body: {} }),
    };
    await actions[intent]?.();
    return { ok: true, intent, message: DONE[intent], read };
  } catch (error) {
    const stale = staleRecord(error, campaignsApi.update) ?? staleRecord(error, campaignsApi.send);
    if (stale) {
      const error = draftChangedMeanwhile(form, stale.current, "this campaign");
      return { ok: false, error, read: campaignRead(stale.current, stale.version) };
    }
    return failure(error, "That did not work. Try again.");
  }
}

/** The longest a timer waits: a browser fires a longer one at once (its delay overflows). */
const LONGEST_WAIT_MS = 60 * 60_000;

/**
 * When the page reads its campaign again, in milliseconds from `now`, or null for never: every
 * few seconds while it sends; once the time of a scheduled one has come (then every few seconds
 * until the server has started it), so that an open page never shows a time gone by as to come.
 */
export function readAgainIn(
  campaign: { status: string; scheduledAt: string | null },
  now: number,
): number | null {
  if (campaign.status === "sending") return REFRESH_MS;
  if (campaign.status !== "scheduled" || !campaign.scheduledAt) return null;
  const due = Date.parse(campaign.scheduledAt) - now;
  return Math.min(Math.max(due, 0) + REFRESH_MS, LONGEST_WAIT_MS);
}

/** "2026-11-24T10:30" for a datetime-local input: Accra's time an hour from now. */
const inAnHour = () => toAccraInput(new Date(Date.now() + 60 * 60_000));

/**
 * A campaign: while a draft (or scheduled), its editor with test, send and schedule; once it has
 * started, its report (read again every few seconds while it sends) with pause, resume and
 * cancel, and what was sent.
 */
export function CampaignPage() {
  const { value: campaign, version } = useLoaderData<typeof campaignLoader>();
  const { result, busy } = useFormResult<typeof campaignAction>();
  const read = useRead(campaignRead(campaign, version), result?.read, campaign.id);
  const editable = campaign.status === "draft" || campaign.status === "scheduled";
  const preview = result?.ok && result.preview ? result.preview : campaign;

  const revalidator = useRevalidator();
  useEffect(() => {
    const wait = readAgainIn(campaign, Date.now());
    if (wait === null) return;
    const timer = setTimeout(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, wait);
    return () => clearTimeout(timer);
    // Each reading is a new `campaign`: the next wait is counted from it.
  }, [campaign, revalidator]);

  return (
    <section>
      <BackLink to={CONSOLE_PAGES.campaigns.path}>All campaigns</BackLink>
      <PageHeading title={campaign.subject}>
        <p>
          <span className="sr-only">Status: </span>
          <Badge>{CAMPAIGN_STATUS_LABELS[campaign.status]}</Badge>
        </p>
      </PageHeading>
      <ResultNotices result={result} focusError={result?.ok === false && !!result.read} />
      {campaign.status === "scheduled" ? (
        <p className="mb-4">
          Scheduled to send <DateTime at={campaign.scheduledAt} /> to the confirmed subscribers of
          that moment. You can still change it until then.
        </p>
      ) : null}
      {editable ? (
        <>
          <NewsletterEditor
            content={campaign}
            preview={preview}
            busy={busy}
            read={read}
            actions={
              <IntentButton
                intent="save"
                label="Save draft"
                busyLabel="Saving…"
                busy={busy}
                className="console-button-quiet"
              />
            }
          />
          <TestSend busy={busy} />
          <SendSection campaign={campaign} busy={busy} />
        </>
      ) : (
        <>
          <CampaignReport campaign={campaign} busy={busy} />
          <NewsletterEditor content={campaign} preview={campaign} busy={busy} readOnly />
        </>
      )}
    </section>
  );
}

/**
 * Send now (after a confirmation that names the number of subscribers) or at a set time. Its
 * controls belong to the editor's form, so the draft on the screen is saved before it goes.
 */
function SendSection({ campaign, busy }: { campaign: CampaignDetail; busy: string | null }) {
  const people = `${campaign.audience} confirmed subscriber${campaign.audience === 1 ? "" : "s"}`;

  return (
    <section aria-labelledby="send-heading" className="mt-8 max-w-prose space-y-4">
      <h2 id="send-heading" className="text-lg font-bold">
        Send
      </h2>
      <p>It goes to the {people} of the moment it starts.</p>
      {campaign.audience > 0 ? (
        <p>{sendTimeSentence(campaign.audience, campaign.sendPerMinute)}</p>
      ) : null}
      <ConfirmButton
        label="Send now…"
        question={`Send “${campaign.subject}” to ${people} now? Copies that have gone out cannot be called back.`}
        confirmLabel="Yes, send now"
        intent="send"
        form="newsletter-editor"
        busy={busy}
        disabled={campaign.audience === 0}
        className="console-button"
      />
      <div className="flex flex-wrap items-end gap-3">
        <label className="block">
          <span className="mb-1 block font-semibold">Or send at ({TIME_ZONE_LABEL})</span>
          <input
            type="datetime-local"
            name="at"
            // A time gone by is refused by the server; the picker does not offer one.
            min={toAccraInput(new Date())}
            form="newsletter-editor"
            defaultValue={
              campaign.scheduledAt ? toAccraInput(new Date(campaign.scheduledAt)) : inAnHour()
            }
            className="console-input"
            aria-describedby="at-hint"
          />
        </label>
        <IntentButton
          intent="schedule"
          form="newsletter-editor"
          label={campaign.scheduledAt ? "Change the time" : "Schedule"}
          busyLabel="Scheduling…"
          busy={busy}
          className="console-button-quiet"
        />
      </div>
      <p id="at-hint" className="text-sm text-muted">
        The day and time in Accra (GMT), whatever the time zone of this device.
      </p>
      {campaign.status === "scheduled" ? (
        <Form method="post">
          <CancelCampaign
            label="Cancel the campaign…"
            question="Cancel this campaign? It will not be sent, and cannot be scheduled again."
            busy={busy}
          />
        </Form>
      ) : null}
    </section>
  );
}
