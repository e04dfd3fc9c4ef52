import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { Form, Link, useLoaderData } from "react-router";
import { OUTBOX_STATES, type OutboxState, outboxApi } from "../../staff-api/admin";
import { MAIL_TEMPLATES } from "../../staff-api/mail";
import { call, failure, loadCall, query } from "../api";
import { ResultNotices, useFormResult } from "../components/form-result";
import { PagedList } from "../components/more-pages";
import { PageHeading } from "../components/page-heading";
import { formatDateTime } from "../format";

const STATE_LABELS: Record<OutboxState, string> = {
  pending: "Waiting to be sent",
  failed: "Failed",
  sent: "Sent",
};

const EMPTY_LABELS: Record<OutboxState, string> = {
  pending: "Nothing is waiting to be sent.",
  failed: "Nothing has failed.",
  sent: "Nothing has been sent yet.",
};

/** Deliveries that may be sent again once sent: the alerts (server/alerts/). */
const RESENDABLE_KINDS: readonly string[] = ["slack", "webhook"];

/** What each kind of delivery is, in words; an unknown kind is shown as it is. */
const KIND_LABELS: Record<string, string> = {
  ...Object.fromEntries(MAIL_TEMPLATES.map(({ kind, name }) => [kind, name])),
  slack: "Slack alert",
  webhook: "CRM webhook",
};

function stateOf(params: URLSearchParams): OutboxState {
  const state = params.get("state");
  return (OUTBOX_STATES as readonly string[]).includes(state ?? "")
    ? (state as OutboxState)
    : "pending";
}

export async function outboxLoader({ request }: LoaderFunctionArgs) {
  const state = stateOf(new URL(request.url).searchParams);
  const search = query({ state });
  const page = await loadCall(request, outboxApi.list, { query: { state } });
  return { page, state, search };
}

type ActionResult = { ok: true; message: string } | { ok: false; error: string };

/** Retry: the message goes back in the queue and is sent on the next round. */
export async function outboxAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const to = String(form.get("to") ?? "");
  try {
    await call(outboxApi.retry, { params: { id }, body: {} });
    return {
      ok: true,
      message: to ? `The delivery to ${to} is queued to be sent again.` : "It is queued again.",
    };
  } catch (error) {
    return failure(error, "It was not queued again.");
  }
}

/**
 * The e-mails and alerts the server has yet to send, those it gave up on (with a retry), and
 * those it sent (alerts can be sent again).
 */
export function OutboxPage() {
  const { page, state, search } = useLoaderData<typeof outboxLoader>();
  const { result, sending } = useFormResult<typeof outboxAction>();
  const retrying = sending?.get("id");

  return (
    <section>
      <PageHeading title="Outbox" />
      <p className="mb-4 max-w-prose text-muted">
        E-mails, Slack alerts and CRM webhooks are sent from a queue, retried a few times with
        longer waits when the receiver refuses them, then marked failed. A failed one can be queued
        again once the cause is fixed, and a sent Slack alert or webhook can be sent again.
      </p>
      <nav aria-label="Outbox state" className="mb-6">
        <ul className="flex flex-wrap gap-2">
          {OUTBOX_STATES.map((name) => (
            <li key={name}>
              <Link
                to={`/admin/outbox${query({ state: name })}`}
                aria-current={name === state ? "page" : undefined}
                className={`inline-flex min-h-11 items-center rounded-md border border-brand-800 px-4 font-semibold ${
                  name === state
                    ? "bg-brand-800 text-white"
                    : "bg-white text-brand-800 hover:bg-brand-50"
                }`}
              >
                {STATE_LABELS[name]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ResultNotices result={result} />
      <h2 className="mb-3 text-lg font-bold">{STATE_LABELS[state]}</h2>
      <PagedList
        first={page}
        from={outboxApi.list}
        search={search}
        label={`${STATE_LABELS[state]}: e-mails and alerts`}
        empty={EMPTY_LABELS[state]}
        columns="sm:grid-cols-[2fr_2fr_auto] sm:items-start"
        moreLabel="Show more"
        done="That is everything in this list."
      >
        {(item) => (
          <>
            <div className="min-w-0">
              <p className="font-semibold break-words">
                {item.subject || KIND_LABELS[item.kind] || item.kind}
              </p>
              <p className="text-sm break-words">
                <span className="text-muted">To </span>
                {item.to ?? "(discarded)"}
              </p>
              <p className="text-sm text-muted">
                {KIND_LABELS[item.kind] ?? item.kind} · queued {formatDateTime(item.createdAt)}
              </p>
            </div>
            <div className="min-w-0 text-sm">
              <p>
                {item.attempts} {item.attempts === 1 ? "attempt" : "attempts"}
                {item.state === "pending" ? ` · next ${formatDateTime(item.nextAttemptAt)}` : ""}
              </p>
              {item.lastError ? (
                <p className="break-words">
                  <span className="font-semibold">Last error:</span> {item.lastError}
                </p>
              ) : null}
            </div>
            {item.state === "failed" ||
            (item.state === "sent" && RESENDABLE_KINDS.includes(item.kind)) ? (
              <Form method="post">
                <input type="hidden" name="id" value={String(item.id)} />
                <input type="hidden" name="to" value={item.to ?? ""} />
                <button
                  type="submit"
                  className="console-button-quiet"
                  disabled={retrying === String(item.id)}
                >
                  {retrying === String(item.id)
                    ? "Queuing…"
                    : item.state === "failed"
                      ? "Retry"
                      : "Send again"}
                  <span className="sr-only">
                    {" "}
                    {KIND_LABELS[item.kind] ?? item.kind} {item.to ? `to ${item.to}` : ""}
                  </span>
                </button>
              </Form>
            ) : null}
          </>
        )}
      </PagedList>
    </section>
  );
}
