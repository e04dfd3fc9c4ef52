/**
 * The newsletter editor's side of a refusal as stale (console/stale.ts): what the campaign or
 * welcome e-mail page read, and what to say when a colleague saved, sent or scheduled it since.
 */
import type { CampaignDetail, CampaignStatus, Welcome } from "../staff-api/newsletter";
import { formatDateTime } from "./format";
import { CAMPAIGN_STATUS_LABELS } from "./labels";
import { type Read, changedWhileOpen, quoted, wasIn } from "./stale";

/** What the editor's draft was written on: its text, and a campaign's status and time to send. */
export type DraftRecord = {
  subject: string;
  markdown: string;
  status?: CampaignStatus;
  scheduledAt?: string | null;
};
export type DraftRead = Read<DraftRecord>;

/** What a campaign page reads of its campaign for its form. */
export const campaignRead = (campaign: CampaignDetail, version: string): DraftRead => ({
  record: {
    subject: campaign.subject,
    markdown: campaign.markdown,
    status: campaign.status,
    scheduledAt: campaign.scheduledAt,
  },
  version,
});

/** What the welcome e-mail's page reads of it for its form. */
export const welcomeRead = (welcome: Welcome, version: string): DraftRead => ({
  record: { subject: welcome.subject, markdown: welcome.markdown },
  version,
});

/**
 * What to say when a save (or a send) of the draft in `form` was refused because `current`, the
 * campaign or welcome e-mail now, changed since the page read it: who, when, which of the
 * subject, the message and a campaign's status, and that the text typed is still in the form.
 */
export function draftChangedMeanwhile(
  form: FormData,
  current: Welcome | CampaignDetail,
  record: "this campaign" | "the welcome e-mail",
): string {
  const changes: string[] = [];
  if (current.subject !== wasIn(form, "subject")) {
    const now = quoted(current.subject);
    changes.push(now ? `the subject is now ${now}` : "the subject");
  }
  if (current.markdown !== wasIn(form, "markdown")) changes.push("the message");
  if ("status" in current && current.status !== wasIn(form, "status")) {
    const when =
      current.status === "scheduled" ? ` for ${formatDateTime(current.scheduledAt)}` : "";
    changes.push(`it is now ${CAMPAIGN_STATUS_LABELS[current.status]}${when}`);
  } else if ("status" in current && (current.scheduledAt ?? "") !== wasIn(form, "scheduledAt")) {
    changes.push(`it is now to go at ${formatDateTime(current.scheduledAt)}`);
  }
  const editable = !("status" in current) || ["draft", "scheduled"].includes(current.status);
  return changedWhileOpen({
    who: current.updatedBy,
    record,
    at: current.updatedAt,
    changes,
    notMade: "Your change was not saved, and nothing was sent.",
    next: editable
      ? "Your text is still in the form and their version is in the preview: save again to put yours in its place, or reload the page to start from theirs."
      : "It can no longer be edited: reload the page to see it as it is.",
  });
}
