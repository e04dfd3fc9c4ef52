import { type LoaderFunctionArgs, useLoaderData, useSearchParams } from "react-router";
import { AuditFilterShape, type AuditItem, auditApi } from "../../staff-api/audit";
import { addressOf, filtersIn, loadCall } from "../api";
import { ExportLink, FilterForm, FilterInput, FilterSelect } from "../components/filter-form";
import { PagedList } from "../components/more-pages";
import { PageHeading } from "../components/page-heading";
import { DateTime } from "../components/date-time";

export async function auditLoader({ request }: LoaderFunctionArgs) {
  // The filters in the address are named as the API names them.
  const { filters, search, filtered } = filtersIn(request, Object.keys(AuditFilterShape));
  const [page, actions] = await Promise.all([
    loadCall(request, auditApi.list, { query: filters }),
    loadCall(request, auditApi.actions),
  ]);
  const exportHref = addressOf(auditApi.exportCsv, { query: filters });
  return { page, actions: actions.items, search, filtered, exportHref };
}

/**
 * Who did what and when, newest first: every sign-in, every read and change of a lead, every
 * change of an account, every erasure. Entries are never changed or removed.
 */
export function AuditPage() {
  const { page, actions, search, filtered, exportHref } = useLoaderData<typeof auditLoader>();
  const [params] = useSearchParams();
  const action = params.get("action");
  // An action asked for in the address is offered even when the log has none of it yet.
  const actionOptions = action && !actions.includes(action) ? [...actions, action] : actions;

  return (
    <section>
      <PageHeading title="Audit log">
        <ExportLink href={exportHref} />
      </PageHeading>

      <FilterForm label="Filter the audit log" clearTo="/admin/audit" filtered={filtered}>
        <FilterInput label="Who" hint="A member of staff’s e-mail" name="actor" type="email" />
        <FilterSelect
          label="Action"
          name="action"
          options={actionOptions.map((name) => [name, name])}
        />
        <FilterInput label="From" name="since" type="date" />
        <FilterInput label="Until" name="until" type="date" />
      </FilterForm>

      <PagedList
        first={page}
        from={auditApi.list}
        search={search}
        label="Audit log entries"
        empty={filtered ? "No entries match these filters." : "The audit log is empty."}
        columns="sm:grid-cols-[1fr_2fr_3fr] sm:items-start"
        moreLabel="Show more entries"
        done="That is every entry that matches."
      >
        {(entry) => (
          <>
            <p className="text-sm">
              <DateTime at={entry.at} />
            </p>
            <div className="min-w-0">
              <p className="font-mono font-semibold break-words">{entry.action}</p>
              <p className="text-sm break-words">
                <span className="text-muted">by </span>
                {entry.actor ?? "no account (the command line, or someone not signed in)"}
              </p>
              {entry.subject ? (
                <p className="text-sm break-words">
                  <span className="text-muted">on </span>
                  {entry.subject.type} {entry.subject.id}
                </p>
              ) : null}
            </div>
            <Detail detail={entry.detail} />
          </>
        )}
      </PagedList>
    </section>
  );
}

/** A detail's value in one line: objects as "key: value" pairs, lists with commas. */
function text(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(text).join(", ");
  if (typeof value === "object")
    return Object.entries(value)
      .map(([key, inner]) => `${key}: ${text(inner)}`)
      .join(", ");
  return String(value);
}

/** An entry's context, as key: value pairs. */
function Detail({ detail }: { detail: AuditItem["detail"] }) {
  const pairs = Object.entries(detail ?? {});
  if (pairs.length === 0) return <p className="text-sm text-muted">No details</p>;
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-2 text-sm">
      {pairs.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="font-semibold">{key}:</dt>
          <dd className="min-w-0 break-words">{text(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
