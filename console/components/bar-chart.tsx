import { useId } from "react";
import { toCsv } from "@common/csv";

export interface BarRow {
  /** What the bar counts, as shown: a week, a product, a source. */
  label: string;
  value: number;
  /** More columns for the table (and the CSV) only, e.g. time to first response. */
  extra?: Record<string, string | number>;
}

/**
 * A report as a chart and as numbers: horizontal bars drawn in plain SVG (one row per key, so the
 * labels stay readable on a phone), the same rows as a table, and a CSV of them. The chart is an
 * image whose numbers are all in the table beside it, so a screen reader reads the table.
 */
export function BarChart({
  title,
  description,
  rows,
  keyHeading,
  valueHeading = "Leads",
  empty,
}: {
  title: string;
  description?: string;
  rows: BarRow[];
  keyHeading: string;
  valueHeading?: string;
  /** Said instead of the chart when there is nothing to count. */
  empty: string;
}) {
  const id = useId();
  const max = Math.max(1, ...rows.map((row) => row.value));
  const extraHeadings = [...new Set(rows.flatMap((row) => Object.keys(row.extra ?? {})))];
  const csv = toCsv(
    [keyHeading, valueHeading, ...extraHeadings],
    rows.map((row) => ({ [keyHeading]: row.label, [valueHeading]: row.value, ...row.extra })),
  );
  const total = rows.reduce((sum, row) => sum + row.value, 0);
  // The download is named after the chart: "Leads by source" → leads-by-source.csv.
  const fileName = `${title.toLowerCase().replace(/\W+/g, "-")}.csv`;

  return (
    <figure aria-labelledby={`${id}-title`} className="rounded-lg border border-gray-200 p-4">
      <figcaption className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <span>
          <span id={`${id}-title`} className="block text-lg font-bold">
            {title}
          </span>
          {description ? <span className="block text-sm text-muted">{description}</span> : null}
        </span>
        <a
          href={`data:text/csv;charset=utf-8,${encodeURIComponent(csv)}`}
          download={fileName}
          className="console-button-quiet"
        >
          CSV<span className="sr-only"> of {title}</span>
        </a>
      </figcaption>
      {total === 0 ? (
        <p className="text-muted">{empty}</p>
      ) : (
        <>
          <div
            aria-hidden="true"
            className="mb-4 grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-1"
          >
            {rows.map((row) => (
              <div key={row.label} className="contents">
                <span className="truncate text-sm" title={row.label}>
                  {row.label}
                </span>
                <span className="flex items-center gap-2">
                  <svg className="h-4 flex-1" preserveAspectRatio="none" viewBox="0 0 100 10">
                    <rect
                      className="fill-brand-700"
                      x="0"
                      y="0"
                      height="10"
                      width={(row.value / max) * 100}
                    />
                  </svg>
                  <span className="w-10 text-right text-sm tabular-nums">{row.value}</span>
                </span>
              </div>
            ))}
          </div>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}: the numbers</caption>
            <thead>
              <tr className="border-b border-gray-300">
                <th scope="col" className="py-1 pr-3">
                  {keyHeading}
                </th>
                <th scope="col" className="py-1 pr-3 text-right">
                  {valueHeading}
                </th>
                {extraHeadings.map((heading) => (
                  <th key={heading} scope="col" className="py-1 pr-3 text-right">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label} className="border-b border-gray-100">
                  <th scope="row" className="min-w-24 py-1 pr-3 font-normal break-words">
                    {row.label}
                  </th>
                  <td className="py-1 pr-3 text-right tabular-nums">{row.value}</td>
                  {extraHeadings.map((heading) => (
                    <td key={heading} className="py-1 pr-3 text-right tabular-nums">
                      {row.extra?.[heading] ?? ""}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </figure>
  );
}
