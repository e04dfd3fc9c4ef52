/**
 * What the team is told when the brake pauses a campaign (server/newsletter/returns/brake.ts): the campaign, the
 * brake's sentence (which says when, in Accra time, and why) and the link to its report. No
 * subscriber's address: the report and the recipients' CSV in the console have those.
 */
import { type MailMessage, oneLine, staffMail } from "../message";
import { EmailLayout } from "./layout";
import { A, P, type RenderedEmail, renderEmail } from "./parts";

export interface PausedCampaign {
  subject: string;
  sentence: string;
  /** Its report in the console. */
  url: string;
}

export interface BrakeAlertProps {
  member: { email: string; name: string };
  campaign: PausedCampaign;
}

const pausedLine = (campaign: PausedCampaign) => `The campaign “${campaign.subject}” was paused.`;

export function BrakeAlertEmail({ member, campaign }: BrakeAlertProps) {
  return (
    <EmailLayout>
      <P>{`Hello ${member.name},`}</P>
      <P>{pausedLine(campaign)}</P>
      <P>{campaign.sentence}</P>
      <P>
        <A href={campaign.url}>Open its report</A>
        {" to resume or cancel it."}
      </P>
    </EmailLayout>
  );
}

export function renderBrakeAlert(props: BrakeAlertProps): Promise<RenderedEmail> {
  const { member, campaign } = props;
  const text = [
    `Hello ${member.name},`,
    ``,
    pausedLine(campaign),
    campaign.sentence,
    ``,
    `Its report, where it can be resumed or cancelled: ${campaign.url}`,
  ].join("\n");
  return renderEmail(
    oneLine(`Campaign paused by the brake: ${campaign.subject}`),
    <BrakeAlertEmail {...props} />,
    text,
  );
}

/** The e-mail to one member of marketing or an admin. */
export async function brakeAlertMail(
  member: { email: string; name: string },
  campaign: PausedCampaign,
): Promise<MailMessage> {
  return staffMail(member, await renderBrakeAlert({ member, campaign }));
}
