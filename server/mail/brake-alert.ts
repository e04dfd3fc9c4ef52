/**
 * What the team is told when the brake pauses a campaign (brake.ts): the campaign, the brake's
 * sentence (which says when, in Accra time, and why) and the link to its report. No subscriber's
 * address: the report and the recipients' CSV in the console have those.
 */
import { site } from "../../common/site";
import { slackText } from "../alerts/alerts";
import { type MailMessage, escapeHtml, oneLine } from "./message";

interface PausedCampaign {
  subject: string;
  sentence: string;
  /** Its report in the console. */
  url: string;
}

/** The e-mail to one member of marketing or an admin. */
export function brakeAlertMail(
  member: { email: string; name: string },
  campaign: PausedCampaign,
): MailMessage {
  const subject = oneLine(`Campaign paused by the brake: ${campaign.subject}`);
  const text = [
    `Hello ${member.name},`,
    ``,
    `The campaign “${campaign.subject}” was paused.`,
    campaign.sentence,
    ``,
    `Its report, where it can be resumed or cancelled: ${campaign.url}`,
  ].join("\n");
  const html =
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#14201a;line-height:1.5">` +
    `<p>Hello ${escapeHtml(member.name)},</p>` +
    `<p>The campaign “${escapeHtml(campaign.subject)}” was paused.</p>` +
    `<p>${escapeHtml(campaign.sentence)}</p>` +
    `<p><a href="${escapeHtml(campaign.url)}">Open its report</a> to resume or cancel it.</p>` +
    `<p style="color:#4a5a52;font-size:12px">${escapeHtml(site.legalName)}</p></body></html>`;
  return {
    to: member.email,
    subject,
    text,
    html,
    params: { to_email: member.email, to_name: oneLine(member.name), message: text },
  };
}

/** The Slack message: the same words, the subject escaped as Slack's mrkdwn needs. */
export function brakeSlackMessage(campaign: PausedCampaign): string {
  const line = `Campaign “${slackText(campaign.subject)}” paused. ${slackText(campaign.sentence)}`;
  return JSON.stringify({
    text: `${line} ${campaign.url}`,
    blocks: [
      { type: "section", text: { type: "mrkdwn", text: line } },
      {
        type: "actions",
        elements: [
          {
            type: "button",
            text: { type: "plain_text", text: "Open the report" },
            url: campaign.url,
          },
        ],
      },
    ],
  });
}
