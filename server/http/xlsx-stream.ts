/**
 * The staff console's Excel exports as a stream for Fastify's reply (route-kit.ts sendWorkbook):
 * one worksheet written with exceljs' streaming writer, a row at a time, so that a large export
 * is never whole in memory. Why exceljs, and why text cells and Accra's clock: decision 0053.
 */
import { PassThrough, type Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import ExcelJS from "exceljs";
import { TIME_ZONE_LABEL, accraWallClock } from "../../common/accra-time";

/** The answer's media type. */
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * Rows per chunk, as csv-stream.ts's CSV_CHUNK_ROWS: between chunks the event loop gets a turn,
 * and a chunk is only made once the client has taken what came before. An Excel row costs far
 * more than a CSV line (exceljs styles each cell): 100 rows held the event loop up to 200 ms
 * here, 25 rows about 50 ms at most (decision 0053).
 */
export const XLSX_CHUNK_ROWS = 25;

/** The most characters an Excel cell holds; a longer text would make Excel refuse the file. */
export const MAX_CELL_TEXT = 32_767;

const DAY_MS = 86_400_000;

/**
 * How a column's cells are written:
 * - `text`: a text cell whatever it looks like, so `0279998888` keeps its 0, `233501112222`
 *   stays whole and `=1+1` or `+233 …` is shown as typed, never run (no apostrophe needed);
 * - `time`: an ISO instant as a real date on Accra's clock, the header saying so;
 * - `duration`: milliseconds as a length of time (hours and minutes), which sorts and sums;
 * - `count`: a whole number.
 */
export type ColumnKind = "text" | "time" | "duration" | "count";

export interface SheetColumn<Item> {
  header: string;
  kind: ColumnKind;
  /** Width in characters. */
  width: number;
  /** The cell's value: text, an ISO instant (`time`), milliseconds or a count; nothing: blank. */
  value: (item: Item) => string | number | null | undefined;
  /** What a `time` or `duration` cell says in words when there is no value ("Not answered yet"). */
  missing?: string;
}

/** A worksheet: its tab's name and its columns, in order. */
export interface Sheet<Item> {
  name: string;
  columns: readonly SheetColumn<Item>[];
}

const NUMBER_FORMATS: Record<ColumnKind, string> = {
  text: "@",
  time: "yyyy-mm-dd hh:mm",
  duration: "[h]:mm",
  count: "0",
};

/** A column's header: a time column says whose clock it is on. */
export const headerOf = (column: Pick<SheetColumn<never>, "header" | "kind">) =>
  column.kind === "time" ? `${column.header} (${TIME_ZONE_LABEL})` : column.header;

/** One cell's value as exceljs writes it. */
function cellOf<Item>(column: SheetColumn<Item>, item: Item): string | number | Date | null {
  const value = column.value(item);
  if (value === null || value === undefined || value === "") return column.missing ?? null;
  switch (column.kind) {
    case "text": {
      const text = String(value);
      return text.length > MAX_CELL_TEXT ? `${text.slice(0, MAX_CELL_TEXT - 1)}…` : text;
    }
    case "time": {
      const at = new Date(value);
      return Number.isNaN(at.getTime()) ? String(value) : accraWallClock(at);
    }
    case "duration":
      return Number(value) / DAY_MS;
    case "count":
      return Number(value);
  }
}

/** Resolves once `out` wants more (drain), or is gone (close). */
function roomIn(out: PassThrough): Promise<void> {
  if (!out.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      out.off("drain", done);
      out.off("close", done);
      resolve();
    };
    out.on("drain", done);
    out.on("close", done);
  });
}

/**
 * `items` as an .xlsx file of one worksheet, streamed for an HTTP answer: the header row bold and
 * frozen, each column its width and number format, an autofilter over every row.
 *
 * As csvStream does, each chunk of rows starts on a new turn of the event loop and is made only
 * when the client has taken the one before (the stream has room), so that on SQLite an export
 * holds no other request; when the client leaves, the rows are closed, which ends their queries.
 */
export function workbookStream<Item>(
  sheet: Sheet<Item>,
  items: AsyncIterable<Item>,
  { chunkRows = XLSX_CHUNK_ROWS }: { chunkRows?: number } = {},
): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    // Shared strings would keep every distinct text in memory until the end.
    useSharedStrings: false,
  });
  const worksheet = workbook.addWorksheet(sheet.name, {
    views: [{ state: "frozen", ySplit: 1, topLeftCell: "A2", activeCell: "A2" }],
  });
  worksheet.columns = sheet.columns.map((column) => ({
    header: headerOf(column),
    width: column.width,
    style: { numFmt: NUMBER_FORMATS[column.kind] },
  }));
  const header = worksheet.getRow(1);
  header.font = { bold: true };
  header.commit();

  const iterator = items[Symbol.asyncIterator]();
  let finished = false;
  // The client left (Fastify destroys the stream) or the rows failed: end the rows' queries and
  // drop what the zip still holds.
  out.on("close", () => {
    if (finished) return;
    (workbook as unknown as { zip: { abort(): void } }).zip.abort();
    void Promise.resolve(iterator.return?.()).catch(() => undefined);
  });
  void (async () => {
    let rows = 1;
    try {
      for (let done = false; !done;) {
        await nextTurn();
        await roomIn(out);
        if (out.destroyed) return;
        for (let n = 0; n < chunkRows; n++) {
          const next = await iterator.next();
          if (next.done) {
            done = true;
            break;
          }
          worksheet.addRow(sheet.columns.map((column) => cellOf(column, next.value))).commit();
          rows++;
        }
      }
      finished = true;
      const last = { row: rows, column: sheet.columns.length };
      worksheet.autoFilter = { from: { row: 1, column: 1 }, to: last };
      worksheet.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return out;
}
