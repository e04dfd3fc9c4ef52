import { describe, expect, it } from "vitest";
import { articlePath } from "../../common/paths";
import { testDialects } from "../db/testing/databases";
import { answered } from "../testing/checks";
import { signedInStaff, useStaffApi } from "../testing/staff-api";
import { unchecked } from "../testing/staff-client";
import { articlesApi, caseStudiesApi } from "../../staff-api/publishing";
import { COVER_NEEDS_ALT, SLUG_TAKEN } from "../../staff-api/publishing";
import { VERSION_REQUIRED } from "../http/contract-routes";
import * as fixtures from "./publishing.testing";

// Writing items through the staff API: every save a complete revision, restoring one, the
// versions a change must name, the slugs and the covers.
describe.each(testDialects)("publishing's items on $name", ({ url }) => {
  const api = useStaffApi(url);

  it("keeps every save as a complete revision, and restores an earlier one as a new one", async () => {
    const akosua = await fixtures.marketer(api);
    const { id, slug } = await fixtures.newArticle(akosua);
    expect(slug).toBe("mobile-money-for-school-fees");
    const first = answered(
      articlesApi.get,
      await akosua.call(articlesApi.get, { params: { id } }),
      200,
    );
    expect(first).toMatchObject({
      status: "draft",
      revision: 1,
      publishedRevision: null,
      publicPath: articlePath(slug),
      previewPath: `/staff/preview/article/${id}`,
      closed: false,
      updatedBy: akosua.account.email,
      // Left out, the author is whoever writes it, by name.
      fields: {
        ...fixtures.ARTICLE,
        slug,
        tags: [],
        author: "Akosua Mensah",
        coverImage: null,
        coverAlt: "",
      },
    });

    api.advance(60_000);
    const changed = await fixtures.changeArticle(akosua, id, 1, {
      title: "School fees by mobile money",
      tags: ["schools"],
      author: "",
    });
    const second = answered(articlesApi.update, changed, 200);
    expect(changed.headers.etag).toBe('"2"');
    // The rest is the latest revision's; the slug stays as it was, and an author emptied too.
    expect(second.fields).toMatchObject({
      title: "School fees by mobile money",
      summary: fixtures.ARTICLE.summary,
      slug,
      tags: ["schools"],
      author: "Akosua Mensah",
    });

    const revisions = answered(
      articlesApi.revisions,
      await akosua.call(articlesApi.revisions, { params: { id } }),
      200,
    );
    expect(revisions.items.map((r) => [r.revision, r.fields.title])).toEqual([
      [2, "School fees by mobile money"],
      [1, fixtures.ARTICLE.title],
    ]);

    const restored = await akosua.call(articlesApi.restore, {
      params: { id, revision: "1" },
      headers: fixtures.atRevision(2),
    });
    const third = answered(articlesApi.restore, restored, 200);
    expect(third).toMatchObject({
      revision: 3,
      fields: { title: fixtures.ARTICLE.title, tags: [] },
    });
    const audit = await api.db
      .selectFrom("audit_log")
      .select(["action", "actor_email", "detail"])
      .where("record_id", "=", id)
      .execute();
    expect(audit).toEqual([
      {
        action: "content.restored",
        actor_email: akosua.account.email,
        detail: expect.stringContaining('"from":1'),
      },
    ]);
    const missing = await akosua.call(articlesApi.restore, {
      params: { id, revision: "9" },
      headers: fixtures.atRevision(3),
    });
    expect(missing.statusCode).toBe(404);
  });

  it("refuses a change made on an older version (412, with the item as it is) or naming none (428)", async () => {
    const akosua = await fixtures.marketer(api);
    const kofi = await fixtures.marketer(api);
    const { id } = await fixtures.newArticle(akosua);
    const mine = await fixtures.changeArticle(akosua, id, 1, { summary: "Mine" });
    expect(mine.statusCode).toBe(200);
    const theirs = await fixtures.changeArticle(kofi, id, 1, { summary: "Theirs" });
    const current = answered(articlesApi.update, theirs, 412);
    expect(theirs.headers.etag).toBe('"2"');
    expect(current.fields.summary).toBe("Mine");
    const unnamed = await kofi.call(articlesApi.update, {
      params: { id },
      body: { summary: "Theirs" },
    });
    expect(unnamed.statusCode).toBe(428);
    expect(unnamed.json()).toEqual({ error: VERSION_REQUIRED });
    const restoreUnnamed = await kofi.call(articlesApi.restore, { params: { id, revision: "1" } });
    expect(restoreUnnamed.statusCode).toBe(428);
    const restoreStale = await kofi.call(articlesApi.restore, {
      params: { id, revision: "1" },
      headers: fixtures.atRevision(1),
    });
    expect(restoreStale.statusCode).toBe(412);
    const revisions = await akosua.read(articlesApi.revisions, { params: { id } });
    expect(revisions.items).toHaveLength(2);
  });

  it("makes a title's slug free with -2, -3, and refuses a chosen one that is taken (409)", async () => {
    const akosua = await fixtures.marketer(api);
    expect((await fixtures.newArticle(akosua)).slug).toBe("mobile-money-for-school-fees");
    expect((await fixtures.newArticle(akosua)).slug).toBe("mobile-money-for-school-fees-2");
    expect((await fixtures.newArticle(akosua, { title: "Café à Accra: 3 façons!" })).slug).toBe(
      "cafe-a-accra-3-facons",
    );
    const long = await fixtures.newArticle(akosua, { title: "word ".repeat(23).trim() });
    expect(long.slug.length).toBeLessThanOrEqual(80);
    expect(long.slug).toMatch(/^word(-word)*$/);

    const taken = await akosua.call(articlesApi.create, {
      body: { ...fixtures.ARTICLE, slug: "mobile-money-for-school-fees" },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: SLUG_TAKEN });
    const { id } = await fixtures.newArticle(akosua, { title: "Another" });
    const renamed = await fixtures.changeArticle(akosua, id, 1, {
      slug: "mobile-money-for-school-fees-2",
    });
    expect(renamed.statusCode).toBe(409);
    // A slug of another kind is no conflict: the addresses differ.
    const study = await akosua.call(caseStudiesApi.create, {
      body: { ...fixtures.CASE_STUDY, slug: "mobile-money-for-school-fees" },
    });
    expect(study.statusCode, study.body).toBe(201);
  });

  it("refuses a slug whose address is a built page of the site (409)", async () => {
    const built = "mobile-money-collections-for-small-businesses";
    const app = await fixtures.appWithPages(api, [articlePath(built)]);
    try {
      const { cookie } = await signedInStaff(api, "esi@example.com", "marketing");
      const esi = api.as(cookie, { app });
      const chosen = await esi.call(articlesApi.create, {
        body: { ...fixtures.ARTICLE, slug: built },
      });
      expect(chosen.statusCode).toBe(409);
      const fromTitle = await esi.call(articlesApi.create, {
        body: { ...fixtures.ARTICLE, title: "Mobile money collections for small businesses" },
      });
      expect(fromTitle.json()).toEqual({ id: expect.any(String), slug: `${built}-2` });
    } finally {
      await app.close();
    }
  });

  it("takes a cover from the media library only, described", async () => {
    const akosua = await fixtures.marketer(api);
    const picture = await fixtures.addPicture(api);
    const noAlt = await akosua.call(articlesApi.create, {
      body: { ...fixtures.ARTICLE, coverImage: picture },
    });
    expect(noAlt.statusCode).toBe(400);
    expect(noAlt.json()).toEqual({ error: `coverAlt: ${COVER_NEEDS_ALT}` });
    const unknown = await akosua.call(articlesApi.create, {
      body: {
        ...fixtures.ARTICLE,
        coverImage: "00000000-0000-4000-8000-000000000000",
        coverAlt: "A bursar",
      },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/No such picture/);
    const notAnId = await akosua.call(articlesApi.create, {
      body: unchecked({ ...fixtures.ARTICLE, coverImage: "../x" }),
    });
    expect(notAnId.statusCode).toBe(400);
    const { id } = await fixtures.newArticle(akosua, {
      coverImage: picture,
      coverAlt: "A parent paying by phone",
    } as object);
    // Removing the alt text of a cover kept is refused too; removing the cover is not.
    const blank = await fixtures.changeArticle(akosua, id, 1, { coverAlt: "" });
    expect(blank.statusCode).toBe(400);
    const removed = await fixtures.changeArticle(akosua, id, 1, { coverImage: null, coverAlt: "" });
    expect(answered(articlesApi.update, removed, 200).fields.coverImage).toBeNull();
  });

  it("lists a kind's items, the latest changed first, for marketing and admins, not sales", async () => {
    const akosua = await fixtures.marketer(api);
    const first = await fixtures.newArticle(akosua, { title: "First" });
    api.advance(1000);
    await fixtures.newArticle(akosua, { title: "Second" });
    api.advance(1000);
    await fixtures.changeArticle(akosua, first.id, 1, { summary: "Again" });
    const list = answered(articlesApi.list, await akosua.call(articlesApi.list), 200);
    expect(list.items.map((item) => item.title)).toEqual(["First", "Second"]);
    expect((await akosua.read(caseStudiesApi.list)).items).toEqual([]);
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    expect((await admin.call(articlesApi.list)).statusCode).toBe(200);
    const sales = await signedInStaff(api, "kojo@example.com", "sales");
    expect((await sales.call(articlesApi.list)).statusCode).toBe(403);
    expect((await sales.call(articlesApi.create, { body: fixtures.ARTICLE })).statusCode).toBe(403);
  });
});
