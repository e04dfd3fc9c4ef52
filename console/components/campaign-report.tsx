import { Form } from "react-router";
import { formatDateTime } from "../format";
import { sendingTimeLeft } from "../send-time";
import type { CampaignDetail } from "../../staff-api/newsletter";
import { ConfirmButton } from "./confirm-button";
import { IntentButton } from "./newsletter-editor";
import { BrakeNotice, RecipientStates } from "./recipient-states";

/** The numbers of a campaign that has started, and its pause, resume and cancel. */
export function CampaignReport({
  campaign,
  busy,
}: {
  campaign: CampaignDetail;
  busy: string | null;
}) {
  const done = campaign.sent + campaign.failed;
  const rows: [string, string][] = [
    ["Recipients", String(campaign.recipients)],
    ["Sent", String(campaign.sent)],
    ["Failed", String(campaign.failed)],
    ["Waiting", String(campaign.waiting)],
    ["Bounced", String(campaign.bounced)],
    ["Marked as spam", String(campaign.complained)],
    ["Not sent: suppressed", String(campaign.suppressed)],
    ["Unsubscribed, before or after their copy", String(campaign.unsubscribed)],
    ["Unsubscribed since", String(campaign.unsubscribedSince)],
    ["Started", formatDateTime(campaign.startedAt)],
    ...(campaign.finishedAt
      ? ([["Finished", formatDateTime(campaign.finishedAt)]] as [string, string][])
      : []),
  ];
  return (
    <section aria-labelledby="report-heading" className="mb-8 max-w-prose space-y-4">
      <h2 id="report-heading" className="text-lg font-bold">
        Report
      </h2>
      {campaign.autoPaused ? <BrakeNotice reason={campaign.autoPaused} /> : null}
      <label className="block">
        <span className="mb-1 block">
          {done} of {campaign.recipients} handled
        </span>
        <progress value={done} max={Math.max(1, campaign.recipients)} className="w-full" />
      </label>
      {campaign.status === "sending" && campaign.waiting > 0 ? (
        <p>{sendingTimeLeft(campaign.waiting, campaign.sendPerMinute)}</p>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <RecipientStates campaign={campaign} />
      {campaign.status === "sending" || campaign.status === "paused" ? (
        <Form method="post" className="flex flex-wrap gap-3">
          {campaign.status === "sending" ? (
            <IntentButton
              intent="pause"
              label="Pause"
              busyLabel="Pausing…"
              busy={busy}
              className="console-button-quiet"
            />
          ) : (
            <IntentButton intent="resume" label="Resume" busyLabel="Resuming…" busy={busy} />
          )}
          <CancelCampaign
            label="Cancel the rest…"
            question="Cancel this campaign? The copies not yet sent will never go out, and it cannot be resumed."
            busy={busy}
          />
        </Form>
      ) : null}
      {campaign.failed > 0 && campaign.status !== "cancelled" ? (
        <Form method="post" className="space-y-2">
          <p>
            {campaign.failed} {campaign.failed === 1 ? "copy was" : "copies were"} refused by the
            mail server after every retry. Once the cause is fixed, send them again.
          </p>
          <IntentButton
            intent="retry"
            label="Send the failed copies again"
            busyLabel="Queueing…"
            busy={busy}
            className="console-button-quiet"
          />
        </Form>
      ) : null}
    </section>
  );
}

/** Cancelling a campaign, scheduled or started: it cannot be undone, so the button asks first. */
export function CancelCampaign({
  label,
  question,
  busy,
}: {
  label: string;
  question: string;
  busy: string | null;
}) {
  return (
    <ConfirmButton
      label={label}
      question={question}
      confirmLabel="Yes, cancel it"
      intent="cancel"
      busy={busy}
      className="console-button-danger"
    />
  );
}
