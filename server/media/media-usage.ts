/**
 * Where a picture of the media library is used, and its deletion, refused while anything shows
 * it: a page or an e-mail would otherwise show a hole. A picture is named by its id, in an item's
 * cover field or in the address `/media/<id>/…` that any Markdown shows it by, so a search for
 * the id in the stored text finds every use (an id is letters, digits and hyphens: nothing LIKE
 * reads as a wildcard).
 */
import type { PictureUse } from "../../staff-api/media";
import type { ContentFields } from "../../staff-api/publishing";
import { type DB, lockKeyForTransaction } from "../db/database";
import { readWelcome } from "../newsletter/welcome";
import { titleOf } from "../publishing/content-kinds";

/**
 * The items whose latest or published revision shows the picture (an older revision does not:
 * restored, it would show no cover, which the editor makes plain), every campaign whose text
 * does (a sent one's e-mails load it from the site), and the welcome e-mail if it does.
 */
export async function pictureUses(db: DB, id: string): Promise<PictureUse[]> {
  const naming = `%${id}%`;
  const [items, campaigns, welcome] = await Promise.all([
    db
      .selectFrom("content_items")
      .innerJoin("content_revisions", "content_revisions.item_id", "content_items.id")
      .select(["content_items.id", "content_items.kind", "content_revisions.fields"])
      .where((eb) =>
        eb.or([
          eb("content_revisions.revision", "=", eb.ref("content_items.revision")),
          eb("content_revisions.revision", "=", eb.ref("content_items.published_revision")),
        ]),
      )
      .where("content_revisions.fields", "like", naming)
      .orderBy("content_revisions.revision", "desc")
      .execute(),
    db
      .selectFrom("newsletter_campaigns")
      .select(["id", "subject"])
      .where("markdown", "like", naming)
      .orderBy("created_at", "desc")
      .execute(),
    readWelcome(db),
  ]);
  // An item found by both its revisions is listed once, by the newer one's title.
  const byItem = new Map<string, PictureUse>();
  for (const item of items) {
    if (byItem.has(item.id)) continue;
    const fields = JSON.parse(item.fields) as ContentFields;
    byItem.set(item.id, { kind: item.kind, id: item.id, title: titleOf(fields) });
  }
  return [
    ...byItem.values(),
    ...campaigns.map((campaign) => ({
      kind: "campaign" as const,
      id: campaign.id,
      title: campaign.subject,
    })),
    ...(welcome.markdown.includes(id)
      ? [{ kind: "welcome" as const, id: null, title: "The welcome e-mail" }]
      : []),
  ];
}

/**
 * Deletes a picture and its sizes, unless something shows it: "deleted", "missing", or where it
 * is used. Uploads of the same file wait on the same key's lock (media-store.ts), so a picture
 * is never deleted while the same bytes are being stored as it.
 */
export async function deleteUnusedMedia(
  db: DB,
  id: string,
): Promise<"deleted" | "missing" | PictureUse[]> {
  return db.transaction().execute(async (trx) => {
    const picture = await trx
      .selectFrom("media")
      .select("sha256")
      .where("id", "=", id)
      .executeTakeFirst();
    if (!picture) return "missing";
    await lockKeyForTransaction(trx, `media:${picture.sha256}`);
    const uses = await pictureUses(trx, id);
    if (uses.length > 0) return uses;
    // The sizes first: SQLite enforces the foreign key's cascade only with its pragma on.
    await trx.deleteFrom("media_variants").where("media_id", "=", id).execute();
    await trx.deleteFrom("media").where("id", "=", id).execute();
    return "deleted";
  });
}
