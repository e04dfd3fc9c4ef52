/**
 * The keyset cursor and page sizes every staff list shares (leads, subscribers, the outbox, the
 * audit log), newest first by (created_at, id) ((at, id) for the audit log).
 */

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
