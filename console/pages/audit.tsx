import { Link, type LoaderFunctionArgs, useLoaderData, useSearchParams } from "react-router";
import { AuditFilterShape, type AuditItem, auditApi } from "../../staff-api/audit";
import { consoleCampaignPath, consoleLeadPath, consolePaths } from "../../common/paths";
import { addressOf, filtersIn, loadCall, query, routerPath } from "../api";
import { CONSOLE_PAGES } from "../console-pages";
import { AuditTeam, Typed, actorOf, wordsOf } from "../audit-words";
import { teamApi } from "../../staff-api/admin";
import { FilterInput, FilterSelect } from "../components/filter-form";
import { type ListDefinition, ListPage } from "../components/list-page";
import { DateTime } from "../components/date-time";

/** The "Show" filter's choices besides its default, changes only (no `kind` in the address). */
const SHOWN: [string, string][] = [
  ["read", "Reads of personal data"],
  ["all", "Everything"],
];

const LIST: ListDefinition<AuditItem> = {
  page: CONSOLE_PAGES.audit,
  from: auditApi.list,
  filterLabel: "Filter the audit log",
  label: "Audit log entries",
  empty: "No changes yet. Reads of personal data are under Show.",
  noMatch: "No entries match these filters.",
  columns: "sm:grid-cols-[1fr_4fr] sm:items-start",
  moreLabel: "Show more entries",
  done: "That is every entry that matches.",
};

export async function auditLoader({ request }: LoaderFunctionArgs) {
  // The filters in the address are named as the API names them.
  const { filters, filtered } = filtersIn(request, Object.keys(AuditFilterShape));
  // Changes only unless the address says otherwise; an action picked is shown whatever its kind.
  const asked = filters.kind || filters.action ? filters : { ...filters, kind: "change" };
  const [page, actions, team] = await Promise.all([
    loadCall(request, auditApi.list, { query: asked }),
    loadCall(request, auditApi.actions),
    loadCall(request, teamApi.list),
  ]);
  const exportHref = addressOf(auditApi.exportCsv, { query: asked });
  return {
    page,
    actions: actions.items,
    team: team.items,
    search: query(asked),
    filtered,
    exportHref,
  };
}

/**
 * Who did what and when, newest first, in sentences: every sign-in, every change of a lead, an
 * account, a campaign, every erasure; and on request every read of personal data. Entries are
 * never changed or removed.
 */
export function AuditPage() {
  const { actions, team, ...loaded } = useLoaderData<typeof auditLoader>();
  const [params] = useSearchParams();
  const action = params.get("action");
  // An action asked for in the address is offered even when the log has none of it yet.
  const offered = action && !actions.includes(action) ? [...actions, action] : actions;
  const actionOptions = offered
    .map((name) => [name, wordsOf(name).label] as const)
    .sort(([, a], [, b]) => a.localeCompare(b));
  const changesOnly = !params.get("kind") && !action;

  return (
    <AuditTeam.Provider value={team}>
      <ListPage
        list={changesOnly ? { ...LIST, done: "That is every change." } : LIST}
        loaded={loaded}
        row={(entry) => <Entry entry={entry} />}
      >
        <FilterSelect label="Show" name="kind" options={SHOWN} any="Changes" />
        <FilterInput label="Who" hint="A member of staff’s e-mail" name="actor" type="email" />
        <FilterSelect label="Action" name="action" options={actionOptions} />
        <FilterInput label="From" name="since" type="date" />
        <FilterInput label="Until" name="until" type="date" />
      </ListPage>
    </AuditTeam.Provider>
  );
}

/** What an entry's words are made of: its detail, and a correction's values looked up for it. */
const wordsDetail = (entry: AuditItem) =>
  entry.correction ? { ...entry.detail, changes: entry.correction } : (entry.detail ?? {});

function Entry({ entry }: { entry: AuditItem }) {
  const words = wordsOf(entry.action);
  return (
    <>
      <p className="text-sm">
        <DateTime at={entry.at} />
      </p>
      <div className="min-w-0 space-y-1">
        <p className="break-words">
          <span className="font-semibold">{actorOf(entry)}</span> {words.says(wordsDetail(entry))}
        </p>
        <p className="text-sm break-words text-muted">
          {words.label}
          {entry.actorName && entry.actor ? (
            <>
              {" · "}
              <Typed text={entry.actor} />
            </>
          ) : null}
        </p>
        <Subject subject={entry.subject} />
        <Detail detail={entry.detail} />
      </div>
    </>
  );
}

/** Where the console shows the record an entry is about, or that it is gone. */
function Subject({ subject }: { subject: AuditItem["subject"] }) {
  if (!subject) return null;
  const place = (to: string, text: string) => (
    <p className="text-sm">
      <Link to={routerPath(to)} className="console-link">
        {text}
      </Link>
    </p>
  );
  if (subject.stored === false) {
    // Leads and subscribers leave only by erasure (campaigns are never deleted).
    return <p className="text-sm text-muted">The {subject.type} has been erased.</p>;
  }
  switch (subject.type) {
    case "lead":
      return place(consoleLeadPath(subject.id), "Open the lead");
    case "campaign":
      return place(consoleCampaignPath(subject.id), "Open the campaign");
    case "staff_account":
      return place(consolePaths.accounts, "Open the accounts");
    case "outbox":
      return place(consolePaths.outbox, "Open the outbox");
    case "subscriber":
      return subject.email ? (
        <p className="text-sm">
          <Link
            to={routerPath(`${consolePaths.subscribers}${query({ q: subject.email })}`)}
            className="console-link"
          >
            Find <Typed text={subject.email} /> among the subscribers
          </Link>
        </p>
      ) : null;
    default:
      // Sessions, sign-in links and passkeys have no page.
      return null;
  }
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

/** The entry as the log keeps it (what the CSV has), behind a disclosure: the words say it. */
function Detail({ detail }: { detail: AuditItem["detail"] }) {
  const pairs = Object.entries(detail ?? {});
  if (pairs.length === 0) return null;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-muted">As recorded</summary>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-2">
        {pairs.map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="font-semibold">{key}:</dt>
            <dd className="min-w-0 break-words" dir="auto">
              {text(value)}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
