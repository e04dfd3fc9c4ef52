import {
  type ActionFunctionArgs,
  Link,
  type LoaderFunctionArgs,
  useLoaderData,
} from "react-router";
import { DEMO_PRODUCT_NAMES } from "@leads/demo";
import { LEAD_STATUSES, LEAD_TYPES } from "@leads/workflow";
import { teamApi } from "../../staff-api/admin";
import { type LeadSummary, type LeadView, leadsApi, mayOwnLeads } from "../../staff-api/leads";
import { savedFiltersApi } from "../../staff-api/saved-filters";
import { addressOf, filtersIn, loadCall } from "../api";
import { CONSOLE_PAGES } from "../console-pages";
import { StatusBadge, TargetBadge } from "../components/badge";
import { DuplicateMarker } from "../components/lead-duplicates";
import { FilterInput, FilterSelect } from "../components/filter-form";
import { type ListDefinition, ListPage } from "../components/list-page";
import { INBOX_FILTERS, leadFromList } from "../components/inbox-filters";
import { SAVED_FILTER_INTENTS, SavedFilters, savedFilterAction } from "../components/saved-filters";
import { RelativeAge, timeAgo, useNow } from "../components/relative-age";
import { EmailAddress } from "../components/email-address";
import {
  BulkOutcome,
  LeadBulkBar,
  LeadCheckbox,
  SelectAllLeads,
  leadBulkAction,
  useLeadSelection,
} from "../components/lead-bulk-bar";
import { StaffName } from "../components/staff-name";
import { formatDuration } from "../format";
import { STATUS_LABELS, TYPE_LABELS, choices, leadName, productLabel } from "../labels";
import { useStaff } from "../session";

/** The inbox's views of the sales desk, as its filter offers them. */
const VIEWS: [LeadView, string][] = [
  ["mine", "My leads"],
  ["unassigned", "Unassigned"],
];

const LIST: ListDefinition<LeadSummary> = {
  page: CONSOLE_PAGES.leads,
  from: leadsApi.list,
  filterLabel: "Filter leads",
  label: "Leads",
  empty: "No leads match these filters.",
  columns: "sm:grid-cols-[3fr_1fr_1fr_1fr] sm:items-center",
  moreLabel: "Show more leads",
  done: "That is every lead that matches.",
};

export async function inboxLoader({ request }: LoaderFunctionArgs) {
  const { filters, search, filtered } = filtersIn(request, INBOX_FILTERS);
  // Each load is a view of the inbox, recorded for the account: `since` starts this visit's "new".
  const [page, stats, team, { since }, saved] = await Promise.all([
    loadCall(request, leadsApi.list, { query: filters }),
    loadCall(request, leadsApi.stats, { query: filters }),
    loadCall(request, teamApi.list),
    loadCall(request, leadsApi.recordVisit),
    loadCall(request, savedFiltersApi.list),
  ]);
  const exportHref = addressOf(leadsApi.exportCsv, { query: filters });
  const workbookHref = addressOf(leadsApi.exportXlsx, { query: filters });
  return {
    page,
    stats,
    team: team.items,
    newSince: since,
    saved: saved.items,
    search,
    filtered,
    exportHref,
    workbookHref,
  };
}

/**
 * The inbox's forms: a saved filter saved or deleted (their intents), or several leads changed
 * at once from the bar of those selected.
 */
export async function inboxAction(args: ActionFunctionArgs) {
  const intent = (await args.request.clone().formData()).get("intent");
  return SAVED_FILTER_INTENTS.some((each) => each === intent)
    ? savedFilterAction(args)
    : leadBulkAction(args);
}

/**
 * Contact messages and demo requests together, newest first. The filters live in the address, so
 * a filtered inbox can be bookmarked or sent to a colleague, and the CSV and Excel exports take
 * the same.
 */
export function InboxPage() {
  const { stats, team, newSince, saved, ...loaded } = useLoaderData<typeof inboxLoader>();
  const staff = useStaff();
  const now = useNow();
  const selection = useLeadSelection();
  // Whoever works leads, the disabled too: their leads are still theirs until given on.
  const owners = team
    .filter((member) => mayOwnLeads(member.role))
    .map((member): [string, string] => [
      member.email,
      member.email === staff.email
        ? `Me (${member.name || member.email})`
        : `${member.name || member.email}${member.disabled ? " (disabled)" : ""}`,
    ]);

  return (
    <>
      <ListPage
        list={LIST}
        loaded={loaded}
        intro={<SavedFilters saved={saved} search={loaded.search} filtered={loaded.filtered} />}
        summary={
          <>
            <BulkOutcome team={team} />
            <p className="mb-2" aria-live="polite">
              <strong>{stats.count}</strong> {stats.count === 1 ? "lead" : "leads"}
              {loaded.filtered ? (stats.count === 1 ? " matches" : " match") : ""}. Answered:{" "}
              {stats.responded}. Average time to first response:{" "}
              <strong>{formatDuration(stats.averageFirstResponseMs)}</strong>.
            </p>
            <SelectAllLeads selection={selection} />
          </>
        }
        row={(lead) => (
          <>
            <div className="min-w-0">
              <LeadCheckbox lead={lead} selection={selection} />
              {newSince !== null && lead.createdAt > newSince ? (
                <p className="mb-1">
                  <span className="rounded bg-brand-800 px-2 py-0.5 text-sm font-semibold text-white">
                    New since your last visit
                  </span>
                </p>
              ) : null}
              <Link to={leadFromList(lead.id, loaded.search)} className="console-link" dir="auto">
                {leadName(lead)}
              </Link>
              <p className="text-sm text-muted">
                {TYPE_LABELS[lead.type]}
                {lead.product ? ` · ${productLabel(lead.product)}` : ""}
                {lead.company ? " · " : ""}
                {lead.company ? <span dir="auto">{lead.company}</span> : null}
              </p>
              {lead.messagePreview ? (
                <p className="break-words" dir="auto">
                  {lead.messagePreview}
                </p>
              ) : null}
              <p className="text-sm break-words text-muted">
                <EmailAddress>{lead.email}</EmailAddress>
                {lead.phone ? " · " : ""}
                {lead.phone ? <span dir="auto">{lead.phone}</span> : null}
              </p>
            </div>
            <p className="flex flex-wrap items-center gap-2 sm:block">
              <span className="sr-only">Status: </span>
              <StatusBadge status={lead.status} />
              <DuplicateMarker lead={lead} />
              <span className="text-sm sm:mt-1 sm:block">
                {lead.firstResponseAt ? "Answered" : "Not answered yet"}
              </span>
              <span className="sm:mt-1 sm:block">
                <span className="sr-only">Target: </span>
                <TargetBadge lead={lead} now={now} />
              </span>
            </p>
            <p className="text-sm">
              <span className="font-semibold">Owner:</span>{" "}
              {lead.owner ? <StaffName address={lead.owner} team={team} /> : "nobody yet"}
            </p>
            <p className="text-sm">
              <RelativeAge at={lead.createdAt} now={now} label="Received" />
              <span className="mt-1 block text-xs text-muted">
                Last activity {timeAgo(lead.lastActivityAt, now)}
              </span>
            </p>
          </>
        )}
      >
        <FilterSelect label="Show" name="view" options={VIEWS} any="All leads" />
        <FilterInput
          label="Search"
          hint="Name (any order), phone (any format), e-mail, company or message"
          name="q"
          type="search"
          className="sm:col-span-2"
        />
        <FilterSelect label="Type" name="type" options={choices(LEAD_TYPES, TYPE_LABELS)} />
        <FilterSelect label="Product" name="product" options={Object.entries(DEMO_PRODUCT_NAMES)} />
        <FilterSelect
          label="Status"
          name="status"
          options={choices(LEAD_STATUSES, STATUS_LABELS)}
        />
        <FilterSelect label="Owner" name="owner" options={[["none", "Nobody yet"], ...owners]} />
        <FilterInput label="Received from" name="since" type="date" />
        <FilterInput label="Received until" name="until" type="date" />
      </ListPage>
      <LeadBulkBar selection={selection} team={team} />
    </>
  );
}
