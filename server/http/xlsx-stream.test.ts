import { once } from "node:events";
import type { Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import ExcelJS from "exceljs";
import { afterEach, describe, expect, it } from "vitest";
import { expectNewTurnPerChunk, turnCounter } from "../testing/event-loop";
import { headersOf, rowsOf, worksheetOf } from "../testing/workbook";
import { MAX_CELL_TEXT, type Sheet, XLSX_CHUNK_ROWS, workbookStream } from "./xlsx-stream";

async function bytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function* each<T>(items: T[]) {
  yield* items;
}

interface Person {
  phone: string;
  name: string;
  at: string | null;
  waitedMs: number | null;
  notes: number;
}

const PEOPLE: Sheet<Person> = {
  name: "People",
  columns: [
    { header: "Phone", kind: "text", width: 16, value: (p) => p.phone },
    { header: "Name", kind: "text", width: 30, value: (p) => p.name },
    { header: "Received", kind: "time", width: 18, value: (p) => p.at, missing: "Never" },
    { header: "Waited", kind: "duration", width: 10, value: (p) => p.waitedMs },
    { header: "Notes", kind: "count", width: 8, value: (p) => p.notes },
  ],
};

const person = (over: Partial<Person>): Person => ({
  phone: "0279998888",
  name: "Ama",
  at: "2026-11-27T10:00:01.123Z",
  waitedMs: 90 * 60_000,
  notes: 2,
  ...over,
});

const DEVICE_ZONE = process.env.TZ;
afterEach(() => {
  if (DEVICE_ZONE === undefined) delete process.env.TZ;
  else process.env.TZ = DEVICE_ZONE;
});

describe("Excel streams", () => {
  it("write text as text cells, times as Accra dates, lengths of time and counts as numbers", async () => {
    // The server's own zone must not show: Accra's clock is GMT, New York's is not.
    process.env.TZ = "America/New_York";
    const people = [
      person({}),
      person({ phone: "233501112222", name: '=HYPERLINK("http://x","y")', at: null }),
      person({ phone: "+233 50 111 2222", name: "@SUM(1)", waitedMs: null, notes: 0 }),
      person({ phone: "-1", name: "x".repeat(MAX_CELL_TEXT + 10) }),
    ];
    const sheet = await worksheetOf(await bytes(workbookStream(PEOPLE, each(people))));
    expect(headersOf(sheet)).toEqual(["Phone", "Name", "Received (Accra time)", "Waited", "Notes"]);
    const rows = rowsOf(sheet);
    expect(rows.map((row) => row.Phone?.value)).toEqual([
      "0279998888",
      "233501112222",
      "+233 50 111 2222",
      "-1",
    ]);
    for (const row of rows) {
      expect(row.Phone?.type).toBe(ExcelJS.ValueType.String);
      expect(row.Phone?.numFmt).toBe("@");
      expect(row.Name?.type).toBe(ExcelJS.ValueType.String);
    }
    expect(rows[1]?.Name?.value).toBe('=HYPERLINK("http://x","y")');
    expect(rows[1]?.Name?.formula).toBeUndefined();
    expect(rows[2]?.Name?.value).toBe("@SUM(1)");
    // Past what a cell holds, the text is cut (Excel would refuse the whole file).
    expect(String(rows[3]?.Name?.value)).toHaveLength(MAX_CELL_TEXT);

    const received = rows[0]?.["Received (Accra time)"];
    expect(received?.type).toBe(ExcelJS.ValueType.Date);
    expect(received?.value).toEqual(new Date("2026-11-27T10:00:01.123Z"));
    expect(received?.numFmt).toBe("yyyy-mm-dd hh:mm");
    expect(rows[1]?.["Received (Accra time)"]?.value).toBe("Never");
    // A length of time is a number of days; exceljs reads any time format back as a Date from
    // Excel's day zero, 30 December 1899.
    const waited = rows[0]?.Waited?.value as Date;
    expect(waited.getTime() - Date.UTC(1899, 11, 30)).toBe(90 * 60_000);
    expect(rows[0]?.Waited?.numFmt).toBe("[h]:mm");
    expect(rows[2]?.Waited?.value).toBeNull();
    expect(rows.map((row) => row.Notes?.value)).toEqual([2, 2, 0, 2]);
  });

  it("make the header bold and frozen, give each column its width and filter every row", async () => {
    const people = Array.from({ length: 3 }, (_, n) => person({ name: `P${n}` }));
    const sheet = await worksheetOf(await bytes(workbookStream(PEOPLE, each(people))));
    expect(sheet.name).toBe("People");
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(1).font?.bold).toBeFalsy();
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(sheet.columns.map((column) => column.width)).toEqual([16, 30, 18, 10, 8]);
    expect(sheet.autoFilter).toBe("A1:E4");

    const empty = await worksheetOf(await bytes(workbookStream(PEOPLE, each([]))));
    expect(headersOf(empty)).toHaveLength(5);
    expect(rowsOf(empty)).toEqual([]);
  });

  it("read each chunk on a new turn of the event loop", async () => {
    const turns = turnCounter();
    const readOnTurn: number[] = [];
    async function* counted() {
      for (let n = 0; n < XLSX_CHUNK_ROWS * 3 + 5; n++) {
        readOnTurn.push(turns.turn);
        yield person({ name: `P${n}` });
      }
    }
    const sheet = await worksheetOf(await bytes(workbookStream(PEOPLE, counted())));
    turns.stop();
    expect(rowsOf(sheet)).toHaveLength(XLSX_CHUNK_ROWS * 3 + 5);
    expectNewTurnPerChunk(readOnTurn, XLSX_CHUNK_ROWS);
  });

  it("read no further than the reader takes, and close the rows when the reader leaves", async () => {
    const state = { read: 0, closed: false };
    async function* endless() {
      try {
        for (let n = 0; ; n++) {
          state.read++;
          // Text that hardly compresses, so that the file grows as fast as rows are added.
          yield person({ name: `${n} ${Math.random().toString(36).repeat(20)}` });
        }
      } finally {
        state.closed = true;
      }
    }
    const stream = workbookStream(PEOPLE, endless());
    await once(stream, "readable");
    // Many turns later, with nobody reading, the rows stopped once the stream was full.
    for (let i = 0; i < 200; i++) await nextTurn();
    const stalled = state.read;
    for (let i = 0; i < 200; i++) await nextTurn();
    expect(state.read).toBe(stalled);
    // What the zip and the stream buffer: a few hundred kilobytes of rows, not the endless rest.
    expect(stalled).toBeLessThan(2000);
    stream.destroy();
    await once(stream, "close");
    for (let i = 0; i < 10 && !state.closed; i++) await nextTurn();
    expect(state.closed).toBe(true);
  });

  it("end with the error of rows that fail", async () => {
    async function* failing() {
      yield person({});
      throw new Error("database went away");
    }
    await expect(bytes(workbookStream(PEOPLE, failing()))).rejects.toThrow("database went away");
  });
});
