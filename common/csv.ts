/**
 * Also bundled into the staff console (its charts' CSV downloads): nothing from Node here, and no
 * regular expression a browser of the last few years cannot parse (no lookbehind).
 *
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
 * What may stand before a formula unseen: white space and line breaks, format characters
 * (zero-width space, byte order mark, word joiner, soft hyphen…) and the other default-ignorable
 * characters, controls, combining marks, the blank Braille pattern; and quotes, which a
 * spreadsheet may take for the start of a quoted field. A spreadsheet, or a clean-up step on the
 * way into one, may set those aside and find the `=` first.
 */
const UNSEEN = String.raw`[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\p{M}\u2800"]*`;
/** A value that starts like a formula, or with a tab or carriage return. */
const FORMULA_START = new RegExp(String.raw`^(?:[\t\r]|${UNSEEN}[=+\-@])`, "u");
/**
 * A formula after a `;` or a line break inside a value. Spreadsheets where the decimal mark is a
 * comma split lines on `;`, and honour a quote only at the start of a field: reading our
 * comma-separated lines, they split the quoted cells of every column but the first at each `;`
 * and line break, so a field can start there.
 */
const FORMULA_INSIDE = new RegExp(String.raw`([;\n])(?=${UNSEEN}[=+\-@])`, "gu");

/**
 * One CSV cell (RFC 4180), safe to open in a spreadsheet: wherever a field may start in it (its
 * start, and after a `;` or line break), a formula is defused with an apostrophe before it, so
 * it is shown, not run. A value holding a quote, line break, comma or semicolon is quoted, so
 * that a spreadsheet splitting on `,` or on `;` reads it as one cell when it is the first.
 */
export function csvCell(value: unknown): string {
  let text = visibleControls(value === null || value === undefined ? "" : String(value));
  text = text.replace(FORMULA_INSIDE, "$1'");
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * What every CSV file we write starts with: the byte order mark, by which spreadsheets know the
 * file is UTF-8. Without it Excel reads it in the computer's legacy code page, and names in any
 * script but plain Latin (Ewe's ɛ and ɔ, Arabic, an accent) come out garbled. Programs reading
 * CSV as UTF-8 skip it.
 */
export const CSV_BOM = "\ufeff";

/** One line of a CSV file, with its line break. */
export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** A whole CSV file: the byte order mark, the header line, a line per row. */
export function toCsv(
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
): string {
  return (
    CSV_BOM +
    [columns, ...rows.map((row) => columns.map((column) => row[column]))].map(csvLine).join("")
  );
}
