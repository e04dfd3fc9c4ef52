import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "../../testing/lead-api";
import { draftItemRow } from "../../publishing/content-store";
import type { DB } from "../database";
import { publishing } from "./0026-publishing";

// Migration 0026 makes publishing's tables: undone, they are gone with what they held; redone,
// they take items again, and still refuse two items of a kind at one slug.

describe.each(testDialects)("migration 0026 (publishing) on $name", ({ url }) => {
  let db: DB;
  useTestDatabase(url, (opened) => (db = opened));

  const drafted = { by: "akosua@example.com", at: new Date("2026-12-07T09:00:00.000Z") };
  const item = (id: string, kind: "article" | "position", slug: string) =>
    draftItemRow(id, kind, slug, drafted);

  it("can be undone and redone, and keeps one item of a kind per slug", async () => {
    await db
      .insertInto("content_items")
      .values(item("a", "article", "fees"))
      .execute();
    const untyped = db as unknown as Kysely<unknown>;
    await publishing.down?.(untyped);
    await publishing.up(untyped);
    expect(await db.selectFrom("content_items").selectAll().execute()).toEqual([]);
    await db
      .insertInto("content_items")
      .values(item("a", "article", "fees"))
      .execute();
    // The same slug in another kind is another address.
    await db
      .insertInto("content_items")
      .values(item("p", "position", "fees"))
      .execute();
    await expect(
      db
        .insertInto("content_items")
        .values(item("b", "article", "fees"))
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
  });
});
