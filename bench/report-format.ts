/**
 * How report.md writes a cell: every section formats its numbers with these, so one quantity
 * reads the same in the targets table and in the section that details it.
 */

export const YES = "✔";
export const NO = "✖";
export const mark = (ok: boolean) => (ok ? YES : NO);

// Missing numbers (a section that failed half-way, an older report.json) print as "n/a" rather
// than "NaN s", so a partial report still reads.
export const s = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : "n/a");
export const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : "n/a");
export const int = (n: number) =>
  Number.isFinite(n) ? Math.round(n).toLocaleString("en-US") : "n/a";
/** CPU use in cores; null where the server's process group could not be read. */
export const cores = (n: number | null) => (n === null ? "n/a" : n.toFixed(2));

/** A Markdown table; Prettier aligns its columns when the report is written. */
export function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}
