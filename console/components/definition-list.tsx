import type { ReactNode } from "react";

/**
 * Labelled values, one a row, the labels in a column of their own; a row without a value is left
 * out. A value can be what someone typed, so it takes its own direction. `className` places and
 * spaces the list where it stands.
 */
export function DefinitionList({
  rows,
  className,
}: {
  rows: [string, ReactNode][];
  className: string;
}) {
  return (
    <dl className={className}>
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd className="min-w-0 break-words" dir="auto">
              {value}
            </dd>
          </div>
        ))}
    </dl>
  );
}
