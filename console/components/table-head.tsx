import type { ReactNode } from "react";

/**
 * The head row of one of the console's ruled tables: a column heading each (`scope="col"`, so
 * that screen readers name a cell's column), spaced from the next one but for the last.
 */
export function TableHead({ headings }: { headings: readonly ReactNode[] }) {
  return (
    <thead>
      <tr className="border-b border-gray-300">
        {headings.map((heading, index) => (
          // The headings are fixed for a table and never reordered, so their place is their key.
          <th
            key={index}
            scope="col"
            className={index < headings.length - 1 ? "py-2 pr-4" : "py-2"}
          >
            {heading}
          </th>
        ))}
      </tr>
    </thead>
  );
}
