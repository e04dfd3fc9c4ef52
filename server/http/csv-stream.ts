/**
 * The staff console's CSV exports as a stream for Fastify's reply (route-kit.ts sendCsv). The
 * cells are common/csv.ts's, which the console's browser code imports too; the stream is the
 * server's own.
 */
import { Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import { CSV_BOM, csvLine } from "../../common/csv";

/**
 * Rows per chunk of a streamed CSV file. Between chunks the event loop gets a turn; a chunk is a
 * few tens of kilobytes, and at most one batch of the database's rows is read while making it.
 */
export const CSV_CHUNK_ROWS = 100;

/**
 * `rows` as a CSV file (the byte order mark and a header line, then one line per row), streamed
 * for an HTTP answer.
 *
 * better-sqlite3 answers each query before returning, so an iterator of database rows never
 * waits: read as fast as possible, a large export would keep every other request, health checks
 * included, waiting until its last row. So each chunk starts on a new turn of the event loop
 * (setImmediate: after the I/O that is waiting), and a chunk is only made when the stream's
 * buffer has room, so the file is read no faster than the client takes it. When the client
 * leaves, the iterator is closed, which ends its queries.
 */
export function csvStream(
  columns: readonly string[],
  rows: AsyncIterable<Record<string, unknown>>,
  { chunkRows = CSV_CHUNK_ROWS }: { chunkRows?: number } = {},
): Readable {
  const iterator = rows[Symbol.asyncIterator]();
  let chunk = CSV_BOM + csvLine(columns);
  return new Readable({
    // Node calls read() again only after a push: one chunk is made at a time.
    read() {
      void (async () => {
        try {
          await nextTurn();
          if (this.destroyed) return;
          for (let n = 0; n < chunkRows; n++) {
            const next = await iterator.next();
            if (next.done) {
              if (chunk) this.push(chunk);
              this.push(null);
              return;
            }
            chunk += csvLine(columns.map((column) => next.value[column]));
          }
          const full = chunk;
          chunk = "";
          this.push(full);
        } catch (error) {
          this.destroy(error instanceof Error ? error : new Error(String(error)));
        }
      })();
    },
    destroy(error, callback) {
      // Waits for a read under way to end: an async generator finishes its step first.
      Promise.resolve(iterator.return?.())
        .catch(() => undefined)
        .finally(() => callback(error));
    },
  });
}
