/**
 * What Slack is told when the brake pauses a campaign (brake.ts); the team's e-mail with the same
 * words is a component of its own (emails/brake-alert.tsx). No subscriber's address: the report
 * and the recipients' CSV in the console have those.
 */
import { slackText } from "../../alerts/alerts";
import type { PausedCampaign } from "../../mail/emails/brake-alert";

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
