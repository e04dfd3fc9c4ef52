import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
  useFetcher,
  useLoaderData,
} from "react-router";
import {
  LIFTABLE_REASONS,
  type Suppression,
  SuppressionFilterShape,
  suppressionsApi,
} from "../../staff-api/mail";
import { call, failure, filtersIn, loadCall } from "../api";
import { CONSOLE_PAGES } from "../console-pages";
import { Badge } from "../components/badge";
import { ConfirmButton } from "../components/confirm-button";
import { DateTime } from "../components/date-time";
import { FilterInput } from "../components/filter-form";
import { ResultNotices, useFormResult, useResetWhenDone } from "../components/form-result";
import { type ListDefinition, ListPage } from "../components/list-page";
import { RowOutcome } from "../components/row-outcome";
import { Section } from "../components/section";
import { TextField } from "../components/text-field";
import { SUPPRESSION_REASON_LABELS } from "../labels";
import { EmailAddress } from "../components/email-address";

const LIST: ListDefinition<Suppression> = {
  page: CONSOLE_PAGES.suppressions,
  from: suppressionsApi.list,
  filterLabel: "Search the suppression list",
  label: "Suppressed addresses",
  empty: "No address is suppressed.",
  noMatch: "No suppressed address matches.",
  columns: "sm:grid-cols-[2fr_2fr_1fr] sm:items-start",
  moreLabel: "Show more addresses",
  done: "That is every suppressed address that matches.",
};

export async function suppressionsLoader({ request }: LoaderFunctionArgs) {
  const { filters, search, filtered } = filtersIn(request, Object.keys(SuppressionFilterShape));
  const page = await loadCall(request, suppressionsApi.list, { query: filters });
  return { page, search, filtered };
}

/**
 * A lift leaves the list as it is: the lifted row stays, saying so, where the focus is (reading
 * the list again would drop the row and its message with it). Searching or paging reads it anew.
 */
export function suppressionsShouldRevalidate({
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === "lift" ? false : defaultShouldRevalidate;
}

type ActionResult = { ok: true; message: string } | { ok: false; error: string };

/** Lifts one entry (subscriber mail may go to it again), or adds an address by hand. */
export async function suppressionsAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const form = await request.formData();
  try {
    if (form.get("intent") === "add") {
      const email = String(form.get("email") ?? "");
      await call(suppressionsApi.add, { body: { email, note: String(form.get("note") ?? "") } });
      return { ok: true, message: `Added. No more newsletters go to ${email}.` };
    }
    await call(suppressionsApi.lift, { params: { id: String(form.get("id") ?? "") } });
    return { ok: true, message: "Lifted. Newsletters may go to this address again." };
  } catch (error) {
    return failure(error, "Not done. Try again.");
  }
}

/**
 * The addresses subscriber mail no longer goes to, newest first, with why; marketing may lift a
 * soft bounce or an entry made by hand, the server refuses the rest and says why.
 */
export function SuppressionsPage() {
  const loaded = useLoaderData<typeof suppressionsLoader>();
  return (
    <ListPage
      list={LIST}
      loaded={loaded}
      intro={
        <>
          <p className="mb-4 max-w-prose">
            Newsletters, confirmations and welcome e-mails are not sent to these addresses. An
            address is added when its mailbox does not exist (a hard bounce), after three temporary
            refusals in 14 days (soft bounces), or when the person marks our mail as spam (a
            complaint), which also unsubscribes them. E-mails to sales and staff are never held back
            by this list. When a person is erased, their entry stays as &ldquo;An erased
            address&rdquo;: only a one-way hash of the address is kept, found by searching for the
            whole address. An address a bounce or complaint named that is not the subscriber&rsquo;s
            own shows as &ldquo;another address&rdquo; and its hash; searching for that whole
            address finds the entry too.
          </p>
          <AddForm />
        </>
      }
      row={(entry) => <SuppressionRow entry={entry} />}
    >
      <FilterInput label="Search by e-mail" name="q" type="search" className="sm:col-span-2" />
    </ListPage>
  );
}

const NOTE_HINT = "Optional: why, for whoever reads the list later";

/** Adding an address by hand: someone asked, by phone or letter, to be sent nothing more. */
function AddForm() {
  const { result, busy } = useFormResult<typeof suppressionsAction>();
  const form = useResetWhenDone(result?.ok ? result : undefined);
  return (
    <Section
      id="add"
      title="Add an address"
      className="mb-6 max-w-prose rounded-lg border border-gray-200 p-4"
    >
      <Form method="post" ref={form} className="space-y-4" aria-labelledby="add-heading">
        <input type="hidden" name="intent" value="add" />
        <TextField label="E-mail" type="email" name="email" required />
        <TextField label="Note" hint={NOTE_HINT} name="note" maxLength={200} />
        <button type="submit" className="console-button" disabled={busy === "add"}>
          {busy === "add" ? "Adding…" : "Add to the list"}
        </button>
      </Form>
      <ResultNotices result={result} />
    </Section>
  );
}

/** Why an entry that cannot be lifted stays (the server refuses its lift in the same words). */
const STAYS: Partial<Record<Suppression["reason"], string>> = {
  "hard-bounce": "Stays: mailing an address that does not exist harms all our mail.",
  complaint: "Stays: only they can sign up again, on the site.",
};

/** How the list names an entry kept only as a hash, its person erased (server/newsletter/returns/suppressions.ts). */
const ERASED_ADDRESS = "An erased address";

/** One address: why and since when, what the mail server said, and Lift where it may be. */
function SuppressionRow({ entry }: { entry: Suppression }) {
  const fetcher = useFetcher<typeof suppressionsAction>();
  const result = fetcher.data;
  const busy = fetcher.formData ? "lift" : null;
  const lifted = result?.ok === true;
  return (
    <>
      <div className="min-w-0">
        {entry.email ? (
          <p className="font-semibold break-words">
            <EmailAddress>{entry.email}</EmailAddress>
          </p>
        ) : (
          <p className="font-semibold italic">{ERASED_ADDRESS}</p>
        )}
        <p className="text-sm">
          Since <DateTime at={entry.at} />
        </p>
      </div>
      <div className="min-w-0 space-y-1 text-sm">
        <p>
          <span className="sr-only">Reason: </span>
          <Badge>{lifted ? "Lifted" : SUPPRESSION_REASON_LABELS[entry.reason]}</Badge>
        </p>
        {entry.detail ? (
          <p className="break-words text-muted" dir="auto">
            <span className="sr-only">What was said: </span>
            {entry.detail}
          </p>
        ) : null}
      </div>
      <div className="space-y-2 text-sm">
        {LIFTABLE_REASONS.includes(entry.reason) && !lifted ? (
          <fetcher.Form method="post">
            <input type="hidden" name="id" value={entry.id} />
            <ConfirmButton
              label="Lift…"
              question={`Lift the suppression of ${entry.email || ERASED_ADDRESS.toLowerCase()}? Newsletters may go to it again.`}
              confirmLabel="Yes, lift it"
              intent="lift"
              busy={busy}
              className="console-button-quiet"
            />
          </fetcher.Form>
        ) : (
          <p className="text-muted">{lifted ? null : STAYS[entry.reason]}</p>
        )}
        <RowOutcome result={result} />
      </div>
    </>
  );
}
