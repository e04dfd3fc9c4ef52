import {
  type ActionFunctionArgs,
  Link,
  type LoaderFunctionArgs,
  redirect,
  useLoaderData,
} from "react-router";
import { consoleCampaignPath } from "@common/paths";
import {
  type CampaignSummary,
  type NewsletterPreview,
  campaignsApi,
  welcomeApi,
} from "../../staff-api/newsletter";
import { call, failure, loadCall, routerPath } from "../api";
import { CONSOLE_PAGES } from "../console-pages";
import { Badge } from "../components/badge";
import { useFormResult } from "../components/form-result";
import { ItemList } from "../components/more-pages";
import { IntentButton, NewsletterEditor, draftOf } from "../components/newsletter-editor";
import { Notice } from "../components/notice";
import { PageHeading } from "../components/page-heading";
import { formatDateTime } from "../format";
import { CAMPAIGN_STATUS_LABELS } from "../labels";

export async function campaignsLoader({ request }: LoaderFunctionArgs) {
  return loadCall(request, campaignsApi.list);
}

/** When a campaign went, goes, or was last touched, for the list. */
function when(campaign: CampaignSummary): string {
  if (campaign.status === "scheduled") return `Sends ${formatDateTime(campaign.scheduledAt)}`;
  if (campaign.startedAt) return `Started ${formatDateTime(campaign.startedAt)}`;
  return `Changed ${formatDateTime(campaign.updatedAt)}`;
}

/** Every campaign, newest first, with its status and counts, and the way to write a new one. */
export function CampaignsPage() {
  const { items } = useLoaderData<typeof campaignsLoader>();
  return (
    <section>
      <PageHeading title="Campaigns">
        <Link to={CONSOLE_PAGES.newCampaign.path} className="console-button">
          New campaign
        </Link>
      </PageHeading>
      <p className="mb-4 max-w-prose text-muted">
        A campaign goes to every confirmed subscriber, each copy with their own unsubscribe link.
        Write it, preview it, send yourself a test, then send it now or at a set time.
      </p>
      <ItemList
        items={items}
        label="Campaigns"
        empty="No campaigns yet."
        row="grid gap-1 p-4 sm:grid-cols-[2fr_1fr_2fr] sm:items-center sm:gap-4"
      >
        {(campaign) => (
          <>
            <div>
              <Link to={routerPath(consoleCampaignPath(campaign.id))} className="console-link">
                {campaign.subject}
              </Link>
              <p className="text-sm text-muted">{when(campaign)}</p>
            </div>
            <p>
              <span className="sr-only">Status: </span>
              <Badge>{CAMPAIGN_STATUS_LABELS[campaign.status]}</Badge>
            </p>
            <p className="text-sm">
              {campaign.startedAt
                ? `${campaign.sent} of ${campaign.recipients} sent` +
                  (campaign.failed ? `, ${campaign.failed} failed` : "")
                : "Not sent yet"}
            </p>
          </>
        )}
      </ItemList>
    </section>
  );
}

type NewResult = { ok: true; preview: NewsletterPreview } | { ok: false; error: string };

/** Preview a new draft, or save it and go on to its page. */
export async function newCampaignAction({
  request,
}: ActionFunctionArgs): Promise<NewResult | Response> {
  const form = await request.formData();
  const draft = draftOf(form);
  try {
    if (form.get("intent") === "preview") {
      const preview = await call(welcomeApi.preview, { body: draft });
      return { ok: true, preview };
    }
    const { id } = await call(campaignsApi.create, { body: draft });
    return redirect(routerPath(consoleCampaignPath(id)));
  } catch (error) {
    return failure(error, "Not saved. Try again.");
  }
}

const EMPTY = { subject: "", markdown: "" };

/** A blank campaign: write, preview, save as a draft. */
export function NewCampaignPage() {
  // The action's other answer, a redirect, is followed: the page never gets it.
  const { result, busy } = useFormResult<NewResult>();
  return (
    <section>
      <PageHeading title="New campaign" />
      <Notice tone="error">{result && !result.ok ? result.error : null}</Notice>
      <NewsletterEditor
        content={EMPTY}
        preview={result?.ok ? result.preview : { subject: "", html: "", text: "" }}
        busy={busy}
        actions={<IntentButton intent="save" label="Save draft" busyLabel="Saving…" busy={busy} />}
      />
    </section>
  );
}
