import { readFile } from "node:fs/promises";
import fc from "fast-check";
import { fuzzRuns } from "./fuzz.testing";
import { describe, expect, it } from "vitest";
import { csvCell, toCsv, visibleControls } from "./csv";

/**
 * What a spreadsheet, or a clean-up step on the way into one, may set aside before a field's
 * first character: white space, format and other default-ignorable characters, controls,
 * combining marks, blank Braille, and quotes.
 */
const UNSEEN = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\p{M}\u2800"]*/u;
const FORMULA = /^[=+\-@]/;
const startsFormula = (text: string) => FORMULA.test(text.replace(UNSEEN, ""));

/**
 * CSV text as a spreadsheet reads it, splitting fields on `separator` and records on line
 * breaks, outside quotes; as spreadsheets do, a quote opens a quoted field only at the start of
 * a field, and text after a closing quote is kept.
 */
function records(text: string, separator: "," | ";"): string[][] {
  const all: string[][] = [];
  let fields: string[] = [];
  let value = "";
  let inQuotes = false;
  let start = true;
  const endField = () => {
    fields.push(value);
    value = "";
    start = true;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (inQuotes) {
      if (c === '"' && text[i + 1] === '"') {
        value += '"';
        i++;
      } else if (c === '"') inQuotes = false;
      else value += c;
    } else if (c === '"' && start) {
      inQuotes = true;
      start = false;
    } else if (c === separator) {
      endField();
    } else if (c === "\r" || c === "\n") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      endField();
      all.push(fields);
      fields = [];
    } else {
      value += c;
      start = false;
    }
  }
  endField();
  all.push(fields);
  return all;
}

describe("CSV cells", () => {
  it("quotes a cell holding a semicolon, and defuses a formula after one or a line break", () => {
    expect(csvCell("a;b")).toBe('"a;b"');
    expect(csvCell("x;=1+1")).toBe(`"x;'=1+1"`);
    expect(csvCell("x; \u200b+1")).toBe(`"x;' \u200b+1"`);
    expect(csvCell('x;"=1+1"')).toBe(`"x;'""=1+1"""`);
    expect(csvCell("Needs:\n- payouts\r\n@school")).toBe(`"Needs:\n'- payouts\r\n'@school"`);
    expect(csvCell("a;b\nc")).toBe('"a;b\nc"');
    // A spreadsheet splitting on ";" honours quotes only at a field's start: in the second
    // column it splits the cell, and the field after the ";" must not be a formula.
    const line = toCsv(["a", "b"], [{ a: "ok", b: "x;=1+1;" }]).split("\r\n")[1] as string;
    expect(line).toBe(`ok,"x;'=1+1;"`);
    expect(records(line, ";")).toEqual([['ok,"x', "'=1+1", ""]]);
  });

  it("defuses a formula behind invisible characters", () => {
    for (const lead of [
      "\u200b", // zero-width space
      "\ufeff", // byte order mark
      "\u2060", // word joiner
      "\u00ad", // soft hyphen
      "\u180e", // Mongolian vowel separator
      "\u061c", // Arabic letter mark
      "\u034f", // combining grapheme joiner
      "\u3164", // Hangul filler
      "\u2800", // blank Braille pattern
      "\u0301", // a combining accent with nothing to sit on
      "\u00a0", // no-break space
      "\u200b \u2060\u200d",
    ]) {
      const cell = csvCell(`${lead}=HYPERLINK("http://evil")`);
      expect(cell).toBe(`"'${lead}=HYPERLINK(""http://evil"")"`);
      expect(csvCell(`${lead}@SUM(A1)`)).toBe(`'${lead}@SUM(A1)`);
    }
    expect(csvCell("\u200b+233550000000")).toBe("'\u200b+233550000000");
    // Visible text before the sign is no formula.
    expect(csvCell("a=1")).toBe("a=1");
    expect(csvCell("\u200ba=1")).toBe("\u200ba=1");
  });

  it("never lets a field start a formula, whatever a spreadsheet sets aside or splits on", () => {
    const tricky = fc.constantFrom(
      ..."=+-@;,\"'\t\r\n abc1".split(""),
      "\u200b",
      "\ufeff",
      "\u2060",
      "\u00ad",
      "\u034f",
      "\u3164",
      "\u2800",
      "\u0301",
      "\u00a0",
      "\u2028",
      "\u0000",
      "\u001b",
      "\u0085",
      "\u202e",
    );
    const text = fc.string({
      unit: fc.oneof({ weight: 4, arbitrary: tricky }, fc.string({ unit: "binary", maxLength: 1 })),
      maxLength: 12,
    });
    const withoutApostrophes = (t: string) => t.replace(/'/g, "");
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 4 }), (values) => {
        const line = values.map(csvCell).join(",");
        // Read as written (on ","): one record, each cell one field, its value changed by
        // nothing but apostrophes, one before each place a field could start.
        const read = records(line, ",");
        expect(read).toHaveLength(1);
        expect(read[0]).toHaveLength(values.length);
        read[0]?.forEach((field, i) => {
          const shown = visibleControls(values[i] as string);
          expect(withoutApostrophes(field)).toBe(withoutApostrophes(shown));
          const places = 1 + (shown.match(/[;\n]/g)?.length ?? 0);
          expect(field.length - shown.length).toBeLessThanOrEqual(places);
          if (/[,;\r\n"]/.test(shown)) expect(csvCell(values[i]).startsWith('"')).toBe(true);
        });
        // Read on either separator: no field anywhere starts a formula.
        for (const separator of [",", ";"] as const) {
          for (const record of records(line, separator)) {
            for (const field of record) expect(startsFormula(field)).toBe(false);
          }
        }
      }),
      fuzzRuns(2000),
    );
  });

  it("stays loadable in the staff console's browser code: nothing from Node, no lookbehind", async () => {
    const source = await readFile(new URL("./csv.ts", import.meta.url), "utf8");
    expect(source).not.toMatch(/from "node:/);
    expect(source).not.toMatch(/\(\?<[=!]/);
  });
});
