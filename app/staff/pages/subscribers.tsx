import { type LoaderFunctionArgs, useLoaderData, useSearchParams } from "react-router";
import {
  SUBSCRIPTION_STATUSES,
  type SubscriberFilterShape,
  type SubscriberPage,
  type SubscriptionStatus,
  subscribersApi,
} from "../../../staff-api/subscribers";
import { addressOf, loadCall, query } from "../api";
import {
  ExportLink,
  FilterForm,
  FilterInput,
  FilterSelect,
  filtersOf,
} from "../components/filter-form";
import { PagedList } from "../components/more-pages";
import { Badge } from "../components/badge";
import { PageHeading } from "../components/page-heading";
import { formatDateTime } from "../format";

/** The list's filters, as the address and the API both name them. */
const FILTERS = ["status", "q"] as const satisfies readonly (keyof typeof SubscriberFilterShape)[];

export const SUBSCRIBER_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  pending: "Waiting for confirmation",
  confirmed: "Confirmed",
  unsubscribed: "Unsubscribed",
};

export async function subscribersLoader({ request }: LoaderFunctionArgs) {
  const filters = filtersOf(new URL(request.url).searchParams, FILTERS);
  const page = await loadCall(request, subscribersApi.list, { query: filters });
  const exportHref = addressOf(subscribersApi.exportCsv, { query: filters });
  return { page, search: query(filters), exportHref };
}

/**
 * The newsletter's subscribers, newest first, for marketing. The filters live in the address like
 * the inbox's, and the CSV export takes the same ones.
 */
export function SubscribersPage() {
  const { page, search, exportHref } = useLoaderData<typeof subscribersLoader>();
  const [params] = useSearchParams();
  const filtered = Object.keys(filtersOf(params, FILTERS)).length > 0;

  return (
    <section>
      <PageHeading title="Subscribers">
        <ExportLink href={exportHref} />
      </PageHeading>

      <FilterForm
        label="Filter subscribers"
        clearTo="/subscribers"
        filtered={filtered}
        gridClassName="sm:grid-cols-3"
      >
        <FilterInput label="Search by e-mail" name="q" type="search" className="sm:col-span-2" />
        <FilterSelect
          label="Status"
          name="status"
          value={params.get("status")}
          options={SUBSCRIPTION_STATUSES.map((status) => [
            status,
            SUBSCRIBER_STATUS_LABELS[status],
          ])}
        />
      </FilterForm>

      <SubscriberList key={search} first={page} search={search} filtered={filtered} />
    </section>
  );
}

function SubscriberList({
  first,
  search,
  filtered,
}: {
  first: SubscriberPage;
  search: string;
  filtered: boolean;
}) {
  return (
    <PagedList
      first={first}
      from={subscribersApi.list}
      search={search}
      label="Subscribers"
      empty={filtered ? "No subscribers match these filters." : "There are no subscribers yet."}
      columns="sm:grid-cols-[2fr_1fr_2fr] sm:items-center"
      moreLabel="Show more subscribers"
      done="That is every subscriber that matches."
    >
      {(subscriber) => (
        <>
          <div className="min-w-0">
            <p className="font-semibold break-words">{subscriber.email}</p>
            {subscriber.page ? (
              <p className="text-sm break-words text-muted">From the page {subscriber.page}</p>
            ) : null}
            {subscriber.source.utmCampaign || subscriber.source.utmSource ? (
              <p className="text-sm break-words text-muted">
                {[
                  subscriber.source.utmCampaign && `Campaign ${subscriber.source.utmCampaign}`,
                  subscriber.source.utmSource && `source ${subscriber.source.utmSource}`,
                ]
                  .filter(Boolean)
                  .join(", ")}
              </p>
            ) : null}
          </div>
          <p>
            <span className="sr-only">Status: </span>
            <Badge>{SUBSCRIBER_STATUS_LABELS[subscriber.status] ?? subscriber.status}</Badge>
          </p>
          <p className="text-sm">
            Subscribed{" "}
            <time dateTime={subscriber.createdAt}>{formatDateTime(subscriber.createdAt)}</time>
            {subscriber.confirmedAt ? (
              <>
                <br />
                Confirmed{" "}
                <time dateTime={subscriber.confirmedAt}>
                  {formatDateTime(subscriber.confirmedAt)}
                </time>
              </>
            ) : null}
            {subscriber.unsubscribedAt ? (
              <>
                <br />
                Unsubscribed{" "}
                <time dateTime={subscriber.unsubscribedAt}>
                  {formatDateTime(subscriber.unsubscribedAt)}
                </time>
              </>
            ) : null}
          </p>
        </>
      )}
    </PagedList>
  );
}
