/**
 * The keyset cursor and page sizes every staff list shares (leads, subscribers, the outbox, the
 * audit log), newest first by (created_at, id) ((at, id) for the audit log).
 */
import { sql } from "kysely";

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

/** Where a page starts: the (created_at, id) of the last row of the page before. */
export interface Cursor {
  createdAt: string;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString("base64url");
}

/** The cursor an API client sent back, or null when it is not one we gave out. */
export function decodeCursor(text: string): Cursor | null {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(text)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [createdAt, id] = value as unknown[];
    if (typeof createdAt !== "string" || typeof id !== "string") return null;
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(createdAt)) return null;
    if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}

/** What a list asks for: where its page starts and how long it is. */
export interface PageRequest {
  cursor?: Cursor | null;
  limit?: number;
}

/** How many rows an export reads a query at a time. */
const EXPORT_BATCH = 500;

/** Reads rows in keyset order from `cursor` on (null: from the newest), at most `limit`. */
export type ReadRows<Row> = (cursor: Cursor | null, limit: number) => Promise<Row[]>;

/**
 * One page, newest first, and the cursor of the next (null on the last). It reads one row past
 * the page: there is a next page only when that row exists.
 */
export async function readPage<Row, Item>(
  read: ReadRows<Row>,
  { cursor = null, limit = DEFAULT_PAGE_SIZE }: PageRequest,
  toItem: (row: Row) => Item,
  keyOf: (row: Row) => Cursor,
): Promise<{ items: Item[]; nextCursor: string | null }> {
  const rows = await read(cursor, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toItem),
    nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null,
  };
}

/** Every row, newest first, a batch at a time (the exports: the Excel one reads more per batch). */
export async function* readBatches<Row>(
  read: ReadRows<Row>,
  keyOf: (row: Row) => Cursor,
): AsyncGenerator<Row[]> {
  let cursor: Cursor | null = null;
  for (;;) {
    const rows = await read(cursor, EXPORT_BATCH);
    if (rows.length) yield rows;
    const last = rows.at(-1);
    if (rows.length < EXPORT_BATCH || !last) return;
    cursor = keyOf(last);
  }
}

/** Every row, newest first, read a batch at a time (the CSV exports). */
export async function* readAll<Row>(
  read: ReadRows<Row>,
  keyOf: (row: Row) => Cursor,
): AsyncGenerator<Row> {
  for await (const rows of readBatches(read, keyOf)) yield* rows;
}

/** The keyset of a row stored with `created_at` and `id`. */
export const createdKey = (row: { created_at: string; id: string }): Cursor => ({
  createdAt: row.created_at,
  id: row.id,
});

/**
 * The rows after `cursor` in newest-first order of (`time`, `id`): those older, and those of the
 * same instant with a smaller id. `time` and `id` name the columns (with a table alias if need be).
 */
export const olderThan = (cursor: Cursor, time = "created_at", id = "id") =>
  sql<boolean>`(${sql.ref(time)} < ${cursor.createdAt} or (${sql.ref(time)} = ${cursor.createdAt} and ${sql.ref(id)} < ${cursor.id}))`;

/** The rows before `cursor` in newest-first order: those newer, or of its instant with a larger id. */
export const newerThan = (cursor: Cursor, time = "created_at", id = "id") =>
  sql<boolean>`(${sql.ref(time)} > ${cursor.createdAt} or (${sql.ref(time)} = ${cursor.createdAt} and ${sql.ref(id)} > ${cursor.id}))`;
