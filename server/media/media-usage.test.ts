import { describe, expect, it } from "vitest";
import { mediaPath } from "../../common/media";
import { NO_SUCH_PICTURE, PICTURE_IN_USE, mediaApi } from "../../staff-api/media";
import { articlesApi } from "../../staff-api/publishing";
import { testDialects } from "../testing/lead-api";
import { answered, refusedWith } from "../testing/checks";
import { useStaffApi } from "../testing/staff-api";
import { ARTICLE, changeArticle, marketer, newArticle } from "../publishing/publishing.testing";
import * as samples from "./media.testing";

// Deleting a picture of the media library: refused while a page or an e-mail shows it, so that
// none is left with a hole; then gone in every size.

describe.each(testDialects)("deleting a picture on $name", ({ url }) => {
  const api = useStaffApi(url);

  async function uploadedPicture() {
    const res = await samples.upload(await marketer(api), await samples.phonePhoto(120, 80));
    return answered(mediaApi.upload, res, 201).id;
  }

  it("deletes a picture nothing shows, every size of it, and says 404 after", async () => {
    const akosua = await marketer(api);
    const id = await uploadedPicture();
    expect((await api.app.inject(mediaPath(id, 480, "avif"))).statusCode).toBe(200);
    const deleted = await akosua.call(mediaApi.remove, { params: { id } });
    expect(deleted.statusCode, deleted.body).toBe(204);
    for (const address of [mediaPath(id, 480, "avif"), mediaPath(id, 480, "webp")]) {
      expect((await api.app.inject(address)).statusCode, address).toBe(404);
    }
    const list = answered(mediaApi.list, await akosua.call(mediaApi.list), 200);
    expect(list.items.map((item) => item.id)).not.toContain(id);
    const again = await akosua.call(mediaApi.remove, { params: { id } });
    refusedWith(404, again);
    expect(again.json()).toEqual({ error: NO_SUCH_PICTURE });
  });

  it("refuses while an item's latest or published revision shows it, naming the item", async () => {
    const akosua = await marketer(api);
    const id = await uploadedPicture();
    const article = await newArticle(akosua, {
      markdown: `${ARTICLE.markdown}\n\n![Fees at the gate](${mediaPath(id, 960, "webp")})`,
    });
    const published = await akosua.call(articlesApi.publish, { params: { id: article.id } });
    expect(published.statusCode, published.body).toBe(202);
    const inUse = {
      error: PICTURE_IN_USE,
      usedBy: [{ kind: "article", id: article.id, title: ARTICLE.title }],
    };
    const refused = await akosua.call(mediaApi.remove, { params: { id } });
    expect(answered(mediaApi.remove, refused, 409)).toEqual(inUse);

    // Out of the draft, but the published page still shows it: named as that revision is.
    const changed = await changeArticle(akosua, article.id, 1, {
      ...ARTICLE,
      title: "Fees by phone",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const stillShown = await akosua.call(mediaApi.remove, { params: { id } });
    expect(answered(mediaApi.remove, stillShown, 409)).toEqual(inUse);

    const unpublished = await akosua.call(articlesApi.unpublish, {
      params: { id: article.id },
      headers: { "if-match": `"2"` },
    });
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    expect((await akosua.call(mediaApi.remove, { params: { id } })).statusCode).toBe(204);
    expect((await api.app.inject(mediaPath(id, 960, "webp"))).statusCode).toBe(404);
  });

  it("refuses while a campaign, sent or not, or the welcome e-mail shows it", async () => {
    const akosua = await marketer(api);
    const id = await uploadedPicture();
    const at = api.clock.now.toISOString();
    const markdown = `Hello!\n\n![Our new office](https://www.example.com${mediaPath(id, 600, "jpeg")})`;
    await api.db
      .insertInto("newsletter_campaigns")
      .values({
        id: "c0ffee00-0000-4000-8000-000000000001",
        subject: "Our new office",
        markdown,
        status: "sent",
        scheduled_at: null,
        started_at: at,
        finished_at: at,
        recipients: 120,
        created_at: at,
        created_by_account_id: null,
        updated_at: at,
        updated_by_account_id: null,
      })
      .execute();
    await api.db
      .insertInto("newsletter_settings")
      .values({
        key: "welcome",
        value: JSON.stringify({ subject: "Welcome", markdown }),
        updated_at: at,
        updated_by_account_id: null,
      })
      .execute();
    const refused = await akosua.call(mediaApi.remove, { params: { id } });
    expect(answered(mediaApi.remove, refused, 409).usedBy).toEqual([
      { kind: "campaign", id: "c0ffee00-0000-4000-8000-000000000001", title: "Our new office" },
      { kind: "welcome", id: null, title: "The welcome e-mail" },
    ]);
    expect((await api.app.inject(mediaPath(id, 600, "jpeg"))).statusCode).toBe(200);
  });
});
