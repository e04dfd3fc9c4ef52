import { Fragment } from "react";
import { type LoaderFunctionArgs, useLoaderData } from "react-router";
import {
  SUBSCRIPTION_STATUSES,
  type SubscriberFilterShape,
  type SubscriptionStatus,
  subscribersApi,
} from "../../staff-api/subscribers";
import { addressOf, filtersIn, loadCall } from "../api";
import { Badge } from "../components/badge";
import { DateTime } from "../components/date-time";
import { ExportLink, FilterForm, FilterInput, FilterSelect } from "../components/filter-form";
import { PagedList } from "../components/more-pages";
import { PageHeading } from "../components/page-heading";
import { choices } from "../labels";

/** The list's filters, as the address and the API both name them. */
const FILTERS = ["status", "q"] as const satisfies readonly (keyof typeof SubscriberFilterShape)[];

export const SUBSCRIBER_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  pending: "Waiting for confirmation",
  confirmed: "Confirmed",
  unsubscribed: "Unsubscribed",
};

export async function subscribersLoader({ request }: LoaderFunctionArgs) {
  const { filters, search, filtered } = filtersIn(request, FILTERS);
  const page = await loadCall(request, subscribersApi.list, { query: filters });
  const exportHref = addressOf(subscribersApi.exportCsv, { query: filters });
  return { page, search, filtered, exportHref };
}

/**
 * The newsletter's subscribers, newest first, for marketing. The filters live in the address like
 * the inbox's, and the CSV export takes the same ones.
 */
export function SubscribersPage() {
  const { page, search, filtered, exportHref } = useLoaderData<typeof subscribersLoader>();

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
          options={choices(SUBSCRIPTION_STATUSES, SUBSCRIBER_STATUS_LABELS)}
        />
      </FilterForm>

      <PagedList
        first={page}
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
              <p className="font-semibold break-words" dir="auto">
                {subscriber.email}
              </p>
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
              {(
                [
                  ["Subscribed", subscriber.createdAt],
                  ["Confirmed", subscriber.confirmedAt],
                  ["Unsubscribed", subscriber.unsubscribedAt],
                ] as const
              )
                .filter(([, at]) => at)
                .map(([what, at], index) => (
                  <Fragment key={what}>
                    {index > 0 ? <br /> : null}
                    {what} <DateTime at={at} />
                  </Fragment>
                ))}
            </p>
          </>
        )}
      </PagedList>
    </section>
  );
}
