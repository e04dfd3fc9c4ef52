import { once } from "node:events";
import type { Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { CSV_BOM, toCsv } from "../../common/csv";
import { expectNewTurnPerChunk, turnCounter } from "../testing/event-loop";
import { CSV_CHUNK_ROWS, csvStream } from "./csv-stream";

/**
 * Rows numbered from 0, recording for each the turn of the event loop it was read on; `width`
 * characters of text each.
 */
function countingRows(total = Number.POSITIVE_INFINITY, width = 10) {
  const turns = turnCounter();
  const state = { readOnTurn: [] as number[], closed: false, stopCounting: turns.stop };
  async function* rows() {
    try {
      for (let n = 0; n < total; n++) {
        state.readOnTurn.push(turns.turn);
        yield { n, text: "x".repeat(width) };
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, rows: rows() };
}

async function text(stream: Readable): Promise<string> {
  let all = "";
  for await (const chunk of stream) all += String(chunk);
  return all;
}

describe("CSV streams", () => {
  it("writes what toCsv writes", async () => {
    const rows = Array.from({ length: 250 }, (_, n) => ({ n, text: n % 7 ? `r${n}` : "=1;2" }));
    async function* iterate() {
      yield* rows;
    }
    expect(await text(csvStream(["n", "text"], iterate()))).toBe(toCsv(["n", "text"], rows));
    expect(await text(csvStream(["n"], iterate(), { chunkRows: 1 }))).toBe(toCsv(["n"], rows));
    async function* none() {}
    expect(await text(csvStream(["n"], none()))).toBe(`${CSV_BOM}n\r\n`);
  });

  it("reads each chunk on a new turn of the event loop", async () => {
    const { state, rows } = countingRows(CSV_CHUNK_ROWS * 3 + 5);
    await text(csvStream(["n", "text"], rows));
    state.stopCounting();
    expect(state.readOnTurn).toHaveLength(CSV_CHUNK_ROWS * 3 + 5);
    expectNewTurnPerChunk(state.readOnTurn, CSV_CHUNK_ROWS);
  });

  it("reads no further than its reader takes, and closes the rows when the reader leaves", async () => {
    // Chunks of 100 kB, more than a stream buffers before it stops asking for more.
    const { state, rows } = countingRows(Number.POSITIVE_INFINITY, 1000);
    const stream = csvStream(["n", "text"], rows);
    await once(stream, "readable");
    const first = String(stream.read());
    expect(first.startsWith(`${CSV_BOM}n,text\r\n0,${"x".repeat(1000)}\r\n`)).toBe(true);
    // Many turns later, with nobody reading, at most the next chunk has been made.
    for (let i = 0; i < 50; i++) await nextTurn();
    expect(state.readOnTurn.length).toBeLessThanOrEqual(CSV_CHUNK_ROWS * 2);
    stream.destroy();
    await once(stream, "close");
    expect(state.closed).toBe(true);
    const read = state.readOnTurn.length;
    for (let i = 0; i < 10; i++) await nextTurn();
    expect(state.readOnTurn.length).toBe(read);
    state.stopCounting();
  });

  it("ends with the error of rows that fail", async () => {
    async function* failing() {
      yield { n: 1 };
      throw new Error("database went away");
    }
    await expect(text(csvStream(["n"], failing()))).rejects.toThrow("database went away");
  });
});
