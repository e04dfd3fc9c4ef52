/**
 * What the sales team's two notifications share (contact-notification.tsx,
 * demo-notification.tsx): the lead's fields as a table, where the visit came from, and the line
 * that takes them to the lead in the staff console.
 */
import type { CSSProperties } from "react";
import { site } from "../../../common/site";
import { type LeadSource, UTM_FIELDS } from "../../../leads/source";
import { A, P, colours } from "./parts";

export const SALES_TEAM = `${site.name} Sales Team`;

export interface Row {
  label: string;
  value: string;
}

const NOT_GIVEN = "(not given)";
const cell: CSSProperties = { borderBottom: `1px solid ${colours.rule}`, padding: "6px" };

/** The fields as the text part lists them: "Label: value", a line each. */
export function fieldsText(rows: Row[]): string {
  return rows.map((r) => `${r.label}: ${r.value || NOT_GIVEN}`).join("\n");
}

export function FieldTable({ rows }: { rows: Row[] }) {
  return (
    <table cellPadding={6} style={{ borderCollapse: "collapse" }}>
      <tbody>
        {rows.map((r) => (
          <tr key={r.label}>
            <th align="left" style={{ ...cell, verticalAlign: "top" }}>
              {r.label}
            </th>
            <td style={{ ...cell, whiteSpace: "pre-wrap" }}>{r.value || NOT_GIVEN}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Where the lead's visit came from (leads/source.ts): a row for each part it said. */
export function sourceRows(source: LeadSource | undefined): Row[] {
  if (!source) return [];
  const rows: [string, string | undefined][] = [
    ["Landing page", source.landingPage],
    ["Referrer", source.referrer],
    ...Object.entries(UTM_FIELDS).map(([field, name]): [string, string | undefined] => [
      name,
      source[field as keyof typeof UTM_FIELDS],
    ]),
  ];
  return rows.flatMap(([label, value]) => (value ? [{ label, value }] : []));
}

/** The text part's line to the lead in the staff console, after a blank line; none without one. */
export function consoleText(leadUrl: string | undefined): string {
  return leadUrl ? `\n\nStatus, owner and notes in the staff console: ${leadUrl}` : "";
}

/** The HTML's line to the lead in the staff console. */
export function ConsoleLink({ leadUrl }: { leadUrl: string | undefined }) {
  if (!leadUrl) return null;
  return (
    <P>
      <A href={leadUrl}>Open this lead in the staff console</A>
      {" to set its status and owner and add notes."}
    </P>
  );
}
