import { Fragment } from "react";
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  useFetcher,
  useLoaderData,
} from "react-router";
import {
  SUBSCRIPTION_STATUSES,
  type Subscriber,
  type SubscriberCounts,
  SubscriberFilterShape,
  type SubscriptionStatus,
  subscribersApi,
} from "../../staff-api/subscribers";
import { addressOf, call, failure, filtersIn, loadCall, staleRecord } from "../api";
import { subscriberChangedMeanwhile, subscriberRead } from "../row-stale";
import { versionIn } from "../stale";
import { CONSOLE_PAGES } from "../console-pages";
import { AddressChangeForm } from "../components/address-change-form";
import { Badge } from "../components/badge";
import { ConfirmButton } from "../components/confirm-button";
import { IntentButton } from "../components/newsletter-editor";
import { DateTime } from "../components/date-time";
import { FilterInput, FilterSelect } from "../components/filter-form";
import { type ListDefinition, ListPage } from "../components/list-page";
import { RowOutcome } from "../components/row-outcome";
import { useNow } from "../components/relative-age";
import { SubscriberConsentRecord } from "../components/subscriber-consent";
import { choices } from "../labels";
import { EmailAddress } from "../components/email-address";

export const SUBSCRIBER_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  pending: "Waiting for confirmation",
  confirmed: "Confirmed",
  unsubscribed: "Unsubscribed",
};

const LIST: ListDefinition<Subscriber> = {
  page: CONSOLE_PAGES.subscribers,
  from: subscribersApi.list,
  filterLabel: "Filter subscribers",
  filterGrid: "sm:grid-cols-3",
  label: "Subscribers",
  empty: "There are no subscribers yet.",
  noMatch: "No subscribers match these filters.",
  columns: "sm:grid-cols-[2fr_1fr_2fr] sm:items-center",
  moreLabel: "Show more subscribers",
  done: "That is every subscriber that matches.",
};

export async function subscribersLoader({ request }: LoaderFunctionArgs) {
  // The filters in the address are named as the API names them.
  const { filters, search, filtered } = filtersIn(request, Object.keys(SubscriberFilterShape));
  const [page, counts] = await Promise.all([
    loadCall(request, subscribersApi.list, { query: filters }),
    loadCall(request, subscribersApi.counts, { query: filters }),
  ]);
  const exportHref = addressOf(subscribersApi.exportCsv, { query: filters });
  return { page, counts, search, filtered, exportHref };
}

type ActionResult =
  | { ok: true; intent: "resend" | "unsubscribe" | "address"; message: string }
  | { ok: false; error: string };

/** For one subscriber who asks: the confirmation e-mail again, or leaving the list. */
export async function subscribersAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const params = { id: String(form.get("id") ?? "") };
  try {
    if (form.get("intent") === "resend") {
      const { message } = await call(subscribersApi.resendConfirmation, { params });
      return { ok: true, intent: "resend", message };
    }
    if (form.get("intent") === "address") {
      const body = { email: String(form.get("email") ?? "") };
      const version = versionIn(form);
      const { value } = await call(subscribersApi.changeAddress, { params, body, version });
      return { ok: true, intent: "address", message: value.message };
    }
    const { message } = await call(subscribersApi.unsubscribe, { params });
    return { ok: true, intent: "unsubscribe", message };
  } catch (error) {
    const stale = staleRecord(error, subscribersApi.changeAddress);
    if (stale) return { ok: false, error: subscriberChangedMeanwhile(form, stale.current) };
    return failure(error, "Not done. Try again.");
  }
}

const COUNT = new Intl.NumberFormat("en-GB");

/** "1,204 subscribers: 1,100 confirmed, 70 waiting for confirmation, 34 unsubscribed." */
function countsLine(counts: SubscriberCounts, filtered: boolean): string {
  const states = SUBSCRIPTION_STATUSES.map(
    (status) => `${COUNT.format(counts[status])} ${SUBSCRIBER_STATUS_LABELS[status].toLowerCase()}`,
  ).join(", ");
  const total = counts.pending + counts.confirmed + counts.unsubscribed;
  const head = filtered
    ? `${COUNT.format(counts.matching)} ${counts.matching === 1 ? "subscriber matches" : "subscribers match"} these filters`
    : `${COUNT.format(total)} ${total === 1 ? "subscriber" : "subscribers"}`;
  return filtered ? `${head}. The search finds ${states}.` : `${head}: ${states}.`;
}

/**
 * The newsletter's subscribers, newest first, for marketing. The filters live in the address like
 * the inbox's, and the CSV export takes the same ones.
 */
export function SubscribersPage() {
  const { counts, ...loaded } = useLoaderData<typeof subscribersLoader>();
  return (
    <ListPage
      list={LIST}
      loaded={loaded}
      intro={<p className="mb-4">{countsLine(counts, loaded.filtered)}</p>}
      row={(subscriber) => <SubscriberRow subscriber={subscriber} />}
    >
      <FilterInput label="Search by e-mail" name="q" type="search" className="sm:col-span-2" />
      <FilterSelect
        label="Status"
        name="status"
        options={choices(SUBSCRIPTION_STATUSES, SUBSCRIBER_STATUS_LABELS)}
      />
    </ListPage>
  );
}

/**
 * One subscriber: the address and where it came from, the state, the dates, and what marketing
 * may do for them when they ask. The row shows the outcome in place, without reloading the list.
 */
function SubscriberRow({ subscriber }: { subscriber: Subscriber }) {
  const fetcher = useFetcher<typeof subscribersAction>();
  const result = fetcher.data;
  const busy = fetcher.formData ? String(fetcher.formData.get("intent")) : null;
  const status: SubscriptionStatus =
    result?.ok && result.intent === "unsubscribe" ? "unsubscribed" : subscriber.status;
  return (
    <>
      <div className="min-w-0">
        <p className="font-semibold break-words">
          <EmailAddress>{subscriber.email}</EmailAddress>
        </p>
        {subscriber.page ? (
          <p className="text-sm break-words text-muted">From the page {subscriber.page}</p>
        ) : null}
        {subscriber.source.utmCampaign || subscriber.source.utmSource ? (
          <p className="text-sm break-words text-muted" dir="auto">
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
        <Badge>{SUBSCRIBER_STATUS_LABELS[status] ?? status}</Badge>
      </p>
      <div className="space-y-2 text-sm">
        <p>
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
        {status === "unsubscribed" ? null : (
          <fetcher.Form method="post" className="flex flex-wrap gap-2">
            <input type="hidden" name="id" value={subscriber.id} />
            {status === "pending" ? (
              <IntentButton
                intent="resend"
                label="Send the confirmation again"
                busyLabel="Sending…"
                busy={busy}
                className="console-button-quiet"
              />
            ) : null}
            <ConfirmButton
              label="Unsubscribe…"
              question={`Unsubscribe ${subscriber.email}? They get no more newsletters; only they can sign up again.`}
              confirmLabel="Yes, unsubscribe"
              intent="unsubscribe"
              busy={busy}
              className="console-button-quiet"
            />
          </fetcher.Form>
        )}
        {status === "unsubscribed" ? null : (
          <AddressChangeForm
            id={subscriber.id}
            email={subscriber.email}
            read={subscriberRead(subscriber)}
            fetcher={fetcher}
          />
        )}
        {status === "pending" ? (
          <p className="text-muted">
            <ConfirmationSent subscriber={subscriber} />
          </p>
        ) : null}
        <RowOutcome result={result} />
        <SubscriberConsentRecord id={subscriber.id} />
      </div>
    </>
  );
}

/**
 * When the last confirmation e-mail went and, within the hour the server waits between two,
 * from when another may go: the button's refusal is foreseen rather than met.
 */
function ConfirmationSent({ subscriber }: { subscriber: Subscriber }) {
  const { confirmationSentAt: sent, confirmationAgainAt: again } = subscriber;
  const now = useNow();
  if (!sent) return <>No confirmation e-mail has gone to them yet.</>;
  return (
    <>
      The last confirmation e-mail went <DateTime at={sent} />.
      {again && Date.parse(again) > now.getTime() ? (
        <>
          {" "}
          Another can go from <DateTime at={again} />.
        </>
      ) : null}
    </>
  );
}
