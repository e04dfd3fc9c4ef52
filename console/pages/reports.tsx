import { type LoaderFunctionArgs, useLoaderData } from "react-router";
import { DEMO_PRODUCT_NAMES, type DemoProduct } from "@leads/demo";
import {
  type ReportDimension,
  type ReportRow,
  type ResponseRow,
  reportsApi,
} from "../../staff-api/reports";
import { filtersIn, loadCall } from "../api";
import { CONSOLE_PAGES } from "../console-pages";
import { BarChart, type BarRow } from "../components/bar-chart";
import { FilterForm, FilterInput, FilterSelect } from "../components/filter-form";
import { PageHeading } from "../components/page-heading";
import { formatDuration } from "../format";
import { TYPE_LABELS } from "../labels";

/** The page's filters, as the address and the reports API both name them. */
const FILTERS = ["since", "type"] as const;
const TYPES = [
  ["contact", TYPE_LABELS.contact],
  ["demo", TYPE_LABELS.demo],
  ["newsletter", "Newsletter sign-up"],
] as const;

export async function reportsLoader({ request }: LoaderFunctionArgs) {
  const { filters, filtered } = filtersIn(request, FILTERS);
  const report = (by: ReportDimension) =>
    loadCall(request, reportsApi.leads, { query: { by, ...filters } }).then(
      (answer) => answer.rows,
    );
  const since = filters.since ? { since: filters.since } : {};
  const [week, product, source, campaign, response] = await Promise.all([
    report("week"),
    report("product"),
    report("source"),
    report("campaign"),
    loadCall(request, reportsApi.responseTimes, { query: since }),
  ]);
  return { week, product, source, campaign, response, filtered };
}

/**
 * Marketing's reports: leads per week with sales' time to first response, demo requests by
 * product, and leads by where their visit came from and by campaign (decision 0018). Each chart
 * has its numbers as a table and a CSV.
 */
export function ReportsPage() {
  const { week, product, source, campaign, response, filtered } =
    useLoaderData<typeof reportsLoader>();

  return (
    <section>
      <PageHeading title="Reports" />
      <FilterForm
        label="Choose the report's leads"
        clearTo={CONSOLE_PAGES.reports.path}
        filtered={filtered}
      >
        <FilterInput label="Since" hint="The last 12 weeks if empty" name="since" type="date" />
        <FilterSelect label="Lead type" name="type" options={TYPES} any="Every type" />
      </FilterForm>
      <div className="grid gap-6 lg:grid-cols-2">
        <BarChart
          title="Leads per week"
          description="Weeks start on Monday at midnight, Accra time. Time to first response: contact and demo requests."
          keyHeading="Week of"
          rows={week.map((row) => ({
            label: row.key,
            value: row.count,
            extra:
              row.responded === undefined
                ? undefined
                : {
                    Answered: row.responded,
                    "Average first response": formatDuration(row.averageFirstResponseMs ?? null),
                  },
          }))}
          empty="No lead in these weeks."
        />
        <BarChart
          title="Demo requests by product"
          keyHeading="Product"
          rows={product.map((row) => ({
            ...barOf(row),
            label: DEMO_PRODUCT_NAMES[row.key as DemoProduct] ?? row.key,
          }))}
          empty="No demo request in this period."
        />
        <LeadsBy
          by="Source"
          rows={source}
          description="The campaign's utm_source, else the site that linked to the visit, by the site's name: a tag “Google” and a link from google.com.gh are one source."
        />
        <LeadsBy
          by="Campaign"
          rows={campaign}
          description="The utm_campaign of the link the visit started from."
        />
        <AnsweredInTime by="Owner" rows={response.byOwner} />
        <AnsweredInTime
          by="Lead type"
          rows={response.byType.map((row) => ({
            ...row,
            key: TYPE_LABELS[row.key as keyof typeof TYPE_LABELS] ?? row.key,
          }))}
        />
      </div>
    </section>
  );
}

/** A row of a report as a bar: its key and count, and in the table those won and lost. */
function barOf(row: ReportRow): BarRow {
  return {
    label: row.key,
    value: row.count,
    extra: row.won === undefined ? undefined : { Won: row.won, Lost: row.lost ?? 0 },
  };
}

/** Leads by a key of their visit (`by`: "Source", "Campaign"), each key as it came. */
function LeadsBy({
  by,
  rows,
  description,
}: {
  by: string;
  rows: ReportRow[];
  description: string;
}) {
  return (
    <BarChart
      title={`Leads by ${by.toLowerCase()}`}
      description={description}
      keyHeading={by}
      rows={rows.map(barOf)}
      empty="No lead in this period."
    />
  );
}

/** A share as a whole percentage; "—" when there is nothing to share. */
const percent = (share: number | null) => (share === null ? "—" : `${Math.round(share * 100)} %`);

/**
 * Contact and demo requests answered by their due time (the service hours' targets), by owner or
 * type: the bar is those answered in time, the table has the rest.
 */
function AnsweredInTime({ by, rows }: { by: string; rows: ResponseRow[] }) {
  return (
    <BarChart
      title={`Answered in time, by ${by.toLowerCase()}`}
      description="Contact and demo requests answered by their due time: their arrival plus their target, counted in service hours. The share is of those answered or already past their due time."
      keyHeading={by}
      valueHeading="Answered in time"
      rows={rows.map((row) => ({
        label: row.key,
        value: row.answeredInTime,
        extra: {
          Leads: row.leads,
          Answered: row.answered,
          "Share in time": percent(row.shareInTime),
          "Average first response": formatDuration(row.averageFirstResponseMs),
        },
      }))}
      empty="No contact or demo request in this period."
    />
  );
}
