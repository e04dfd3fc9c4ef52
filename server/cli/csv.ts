/**
 * Exports are read in terminals and spreadsheets. Stored text cannot hold control characters any
 * more (leads/fields.ts), but older rows and error messages from mail servers can: an escape
 * sequence printed raw would drive the terminal of whoever runs the export. C0 controls other
 * than tab and line feed become their visible Control Pictures (␛ for ESC, ␀ for NUL), and so does
 * a carriage return that does not end a line; DEL is ␡; C1 controls and the bidirectional
 * overrides, which reorder what is shown, become �.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|\r(?!\n)/g;
const INVISIBLE_CONTROL = /[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/g;

export function visibleControls(text: string): string {
  return text
    .replace(CONTROL, (c) =>
      String.fromCharCode(c === "\u007f" ? 0x2421 : 0x2400 + c.charCodeAt(0)),
    )
    .replace(INVISIBLE_CONTROL, "\ufffd");
}

/**
 * JSON for a terminal: JSON.stringify escapes C0 controls but leaves DEL, C1 controls, the line
 * separators and bidirectional overrides raw; these are escaped too (the value is unchanged).
 */
export function toSafeJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(
    /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * One CSV cell (RFC 4180), safe to open in a spreadsheet: a value that starts like a formula
 * (= + - @, tab or carriage return) is prefixed with an apostrophe so it is shown, not run.
 */
export function csvCell(value: unknown): string {
  let text = visibleControls(value === null || value === undefined ? "" : String(value));
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
): string {
  const lines = [columns.map(csvCell).join(",")];
  for (const row of rows) lines.push(columns.map((column) => csvCell(row[column])).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
