import { pathOf } from "../../staff-api/endpoint";
import { type CampaignDetail, campaignsApi, RECIPIENT_STATES } from "../../staff-api/newsletter";
import { RECIPIENT_STATE_LABELS } from "../labels";

const COUNT = new Intl.NumberFormat("en-GB");

/**
 * What became of each recipient of a campaign: every recipient is in exactly one state, so the
 * rows add up to the recipients of the moment it started (the table's last row says so). States
 * nobody is in are left out; the recipients' CSV and Excel file list each one with their state.
 */
export function RecipientStates({ campaign }: { campaign: CampaignDetail }) {
  const rows = RECIPIENT_STATES.map((state) => [state, campaign.states[state] ?? 0] as const);
  const total = rows.reduce((sum, [, count]) => sum + count, 0);
  return (
    <div className="space-y-2">
      <table className="w-full text-left">
        <caption className="mb-1 text-left font-semibold">Where each recipient stands</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">State</th>
            <th scope="col">Recipients</th>
          </tr>
        </thead>
        <tbody>
          {rows
            .filter(([, count]) => count > 0)
            .map(([state, count]) => (
              <tr key={state} className="border-b border-gray-200">
                <th scope="row" className="py-1 pr-6 font-normal">
                  {RECIPIENT_STATE_LABELS[state]}
                </th>
                <td className="py-1 tabular-nums">{COUNT.format(count)}</td>
              </tr>
            ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="py-1 pr-6">
              All recipients
            </th>
            <td className="py-1 font-semibold tabular-nums">{COUNT.format(total)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="flex flex-wrap gap-x-6 gap-y-2">
        <a
          href={pathOf(campaignsApi.recipientsCsv, { id: campaign.id })}
          className="console-link"
          download
        >
          Download the recipients and their states (CSV)
        </a>
        <a
          href={pathOf(campaignsApi.recipientsXlsx, { id: campaign.id })}
          className="console-link"
          download
        >
          Download the recipients and their states (Excel, .xlsx)
        </a>
      </p>
    </div>
  );
}

/**
 * Why the brake paused the campaign (too many bounces or complaints, docs/mail-deliverability.md),
 * above everything else on the report: nothing more goes out until someone resumes it.
 */
export function BrakeNotice({ reason }: { reason: string }) {
  return (
    <div
      role="note"
      aria-labelledby="brake-heading"
      className="rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-red-900"
    >
      <h3 id="brake-heading" className="font-bold">
        Paused automatically to protect our sending
      </h3>
      <p dir="auto">{reason}</p>
      <p>
        Check the bounces and complaints below (the recipients&apos; CSV lists them) and the address
        list they came from. Resume once the cause is dealt with; the brake watches the copies sent
        from then on.
      </p>
    </div>
  );
}
