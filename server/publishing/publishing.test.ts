import { describe, expect, it } from "vitest";
import { articlePath, caseStudyPath, positionPath } from "../../common/paths";
import { sql } from "kysely";
import { type DB, openDatabase } from "../db/database";
import { databaseUrlNamed, testDialects } from "../db/testing/databases";
import { answered } from "../testing/checks";
import { useStaffApi } from "../testing/staff-api";
import { articlesApi, caseStudiesApi, positionsApi } from "../../staff-api/publishing";
import { CLOSING_PASSED, publishDue } from "./publishing";
import { loadPreviewContent, loadPublishedContent } from "./published-content";
import * as fixtures from "./publishing.testing";

const HOUR = 3_600_000;

// Putting items on the site and taking them off, as the site then reads them: now, at a time
// (with the clock held), two instances at once, unpublished, closed, renamed.
describe.each(testDialects)("publishing on $name", ({ url }) => {
  const api = useStaffApi(url);
  const site = () => loadPublishedContent(api.db, api.clock.now);
  const auditOf = (id: string) =>
    api.db
      .selectFrom("audit_log")
      .select(["action", "actor_email", "detail"])
      .where("record_id", "=", id)
      .orderBy("at")
      .execute();

  it("publishes the latest revision now, with its cover, and keeps its first date when republished", async () => {
    const akosua = await fixtures.marketer(api);
    const picture = await fixtures.addPicture(api);
    const { id, slug } = await fixtures.newArticle(akosua, {
      coverImage: picture,
      coverAlt: "A parent paying by phone",
    } as object);
    expect((await site()).articles).toEqual([]);
    const published = await akosua.call(articlesApi.publish, { params: { id } });
    expect(answered(articlesApi.publish, published, 202)).toMatchObject({
      status: "published",
      publishedRevision: 1,
      publishedAt: api.clock.now.toISOString(),
    });
    const firstAt = api.clock.now.toISOString();
    expect((await site()).articles).toEqual([
      {
        slug,
        title: fixtures.ARTICLE.title,
        summary: fixtures.ARTICLE.summary,
        markdown: fixtures.ARTICLE.markdown,
        tags: [],
        author: "Akosua Mensah",
        cover: { id: picture, alt: "A parent paying by phone", width: 1600, height: 900 },
        publishedAt: firstAt,
        updatedAt: firstAt,
      },
    ]);
    // A change is saved, not shown, until published again.
    api.advance(60_000);
    await fixtures.changeArticle(akosua, id, 1, { summary: "Updated" });
    expect((await site()).articles[0]?.summary).toBe(fixtures.ARTICLE.summary);
    await akosua.call(articlesApi.publish, { params: { id }, headers: fixtures.atRevision(2) });
    expect((await site()).articles[0]).toMatchObject({
      summary: "Updated",
      publishedAt: firstAt,
      updatedAt: api.clock.now.toISOString(),
    });
    // An If-Match naming an older revision publishes nothing.
    const stale = await akosua.call(articlesApi.publish, {
      params: { id },
      headers: fixtures.atRevision(1),
    });
    expect(answered(articlesApi.publish, stale, 412).revision).toBe(2);
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual([
      "content.published",
      "content.published",
    ]);
  });

  /**
   * On PostgreSQL, a pool of its own on the tests' database, as another server instance has;
   * null on SQLite, whose one connection the instances of a process share.
   */
  async function anotherInstancesDatabase(): Promise<DB | null> {
    if (!url) return null;
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(api.db);
    return openDatabase({ databaseUrl: databaseUrlNamed(url, rows[0]?.name ?? "") });
  }

  it("publishes a scheduled item at its time, on the site as soon as it is due", async () => {
    const akosua = await fixtures.marketer(api);
    const { id, slug } = await fixtures.newArticle(akosua);
    const at = new Date(api.clock.now.getTime() + HOUR).toISOString();
    const past = await akosua.call(articlesApi.publish, {
      params: { id },
      body: { at: new Date(api.clock.now.getTime() - 1000).toISOString() },
    });
    expect(past.statusCode).toBe(400);
    const scheduled = await akosua.call(articlesApi.publish, { params: { id }, body: { at } });
    expect(answered(articlesApi.publish, scheduled, 202)).toMatchObject({
      status: "scheduled",
      publishAt: at,
      publishedRevision: null,
    });
    expect(await publishDue(api.db, api.clock.now)).toBe(0);
    expect((await site()).articles).toEqual([]);

    api.advance(HOUR);
    // Due, it is on the site before the schedule's tick has run.
    expect((await site()).articles.map((a) => [a.slug, a.publishedAt])).toEqual([[slug, at]]);
    expect(await publishDue(api.db, api.clock.now)).toBe(1);
    expect(await publishDue(api.db, api.clock.now)).toBe(0);
    const item = await (await fixtures.marketer(api)).read(articlesApi.get, { params: { id } });
    expect(item).toMatchObject({ status: "published", publishedAt: at, publishAt: null });
    const audit = await auditOf(id);
    expect(audit.map((entry) => [entry.action, entry.actor_email])).toEqual([
      ["content.scheduled", akosua.account.email],
      ["content.published", null],
    ]);
    expect(JSON.parse(audit[1]?.detail ?? "{}")).toMatchObject({ via: "schedule" });
  });

  it("publishes a due item once when two instances run the schedule at once", async () => {
    const akosua = await fixtures.marketer(api);
    const ids = [(await fixtures.newArticle(akosua)).id, (await fixtures.newArticle(akosua)).id];
    const at = new Date(api.clock.now.getTime() + 60_000).toISOString();
    for (const id of ids) await akosua.call(articlesApi.publish, { params: { id }, body: { at } });
    api.advance(60_000);
    const other = await anotherInstancesDatabase();
    try {
      const counts = await Promise.all([
        publishDue(api.db, api.clock.now),
        publishDue(other ?? api.db, api.clock.now),
        publishDue(api.db, api.clock.now),
      ]);
      expect(counts.reduce((sum, n) => sum + n, 0)).toBe(2);
    } finally {
      await other?.destroy();
    }
    for (const id of ids) {
      const published = (await auditOf(id)).filter((e) => e.action === "content.published");
      expect(published).toHaveLength(1);
    }
    const slugs = await api.db.selectFrom("content_slugs").selectAll().execute();
    expect(slugs).toHaveLength(2);
  });

  it("takes an unpublished item off the site: its address is gone; a scheduled one is a draft again", async () => {
    const akosua = await fixtures.marketer(api);
    const { id, slug } = await fixtures.newArticle(akosua);
    const notYet = await akosua.call(articlesApi.unpublish, { params: { id } });
    expect(notYet.statusCode).toBe(409);
    await akosua.call(articlesApi.publish, { params: { id } });
    const off = await akosua.call(articlesApi.unpublish, { params: { id } });
    expect(answered(articlesApi.unpublish, off, 200)).toMatchObject({
      status: "unpublished",
      publishedRevision: null,
    });
    expect(await site()).toMatchObject({ articles: [], gone: [articlePath(slug)], redirects: {} });

    const later = await fixtures.newArticle(akosua, { title: "Later" });
    const at = new Date(api.clock.now.getTime() + HOUR).toISOString();
    await akosua.call(articlesApi.publish, { params: { id: later.id }, body: { at } });
    const back = await akosua.call(articlesApi.unpublish, { params: { id: later.id } });
    expect(answered(articlesApi.unpublish, back, 200)).toMatchObject({
      status: "draft",
      publishAt: null,
    });
    api.advance(2 * HOUR);
    expect(await publishDue(api.db, api.clock.now)).toBe(0);
    expect((await site()).gone).toEqual([articlePath(slug)]);
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual([
      "content.published",
      "content.unpublished",
    ]);
  });

  it("takes a position off the site when it closes, and refuses to publish one closed", async () => {
    let akosua = await fixtures.marketer(api);
    const id = await fixtures.newPosition(akosua, api.clock.now, 2);
    const published = answered(
      positionsApi.publish,
      await akosua.call(positionsApi.publish, { params: { id } }),
      202,
    );
    const path = published.publicPath;
    expect(path).toBe(positionPath("backend-engineer"));
    expect((await site()).positions.map((p) => p.slug)).toEqual(["backend-engineer"]);
    api.advance(2 * 24 * HOUR + 1000);
    expect(await site()).toMatchObject({ positions: [], gone: [path] });
    // A day later, signed in again.
    akosua = await fixtures.marketer(api);
    expect(await akosua.read(positionsApi.get, { params: { id } })).toMatchObject({
      status: "published",
      closed: true,
    });
    const again = await akosua.call(positionsApi.publish, { params: { id } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: CLOSING_PASSED });
    // Given a later closing date and published again, it is back.
    await akosua.call(positionsApi.update, {
      params: { id },
      body: { closesAt: new Date(api.clock.now.getTime() + 24 * HOUR).toISOString() },
      headers: fixtures.atRevision(1),
    });
    await akosua.call(positionsApi.publish, { params: { id } });
    expect(await site()).toMatchObject({ gone: [], positions: [{ slug: "backend-engineer" }] });
  });

  it("redirects a renamed item's earlier address once republished, and keeps that slug from others", async () => {
    const akosua = await fixtures.marketer(api);
    const { id, slug } = await fixtures.newArticle(akosua);
    await akosua.call(articlesApi.publish, { params: { id } });
    await fixtures.changeArticle(akosua, id, 1, { slug: "school-fees" });
    // Until republished, the site keeps the old address.
    expect((await site()).articles.map((a) => a.slug)).toEqual([slug]);
    const item = await akosua.read(articlesApi.get, { params: { id } });
    expect(item.publicPath).toBe(articlePath(slug));
    await akosua.call(articlesApi.publish, { params: { id } });
    expect(await site()).toMatchObject({
      articles: [{ slug: "school-fees" }],
      redirects: { [articlePath(slug)]: articlePath("school-fees") },
      gone: [],
    });
    const other = await fixtures.newArticle(akosua, { title: "Other" });
    const taken = await fixtures.changeArticle(akosua, other.id, 1, { slug });
    expect(taken.statusCode).toBe(409);
    // Its own earlier slug it may take back.
    const back = await fixtures.changeArticle(akosua, id, 2, { slug });
    expect(back.statusCode).toBe(200);
  });

  it("shows a case study with its cover and quote, and every address of one taken off as gone", async () => {
    const akosua = await fixtures.marketer(api);
    const picture = await fixtures.addPicture(api);
    const created = await akosua.call(caseStudiesApi.create, {
      body: {
        ...fixtures.CASE_STUDY,
        quote: { text: "Parents love it.", by: "The bursar" },
        coverImage: picture,
        coverAlt: "Pupils outside the school",
      },
    });
    const { id, slug } = answered(caseStudiesApi.create, created, 201);
    await akosua.call(caseStudiesApi.publish, { params: { id } });
    expect((await site()).caseStudies).toEqual([
      expect.objectContaining({
        slug,
        client: "Adom School",
        results: [{ figure: "40%", label: "fewer queues" }],
        quote: { text: "Parents love it.", by: "The bursar" },
        cover: { id: picture, alt: "Pupils outside the school", width: 1600, height: 900 },
      }),
    ]);
    await akosua.call(caseStudiesApi.update, {
      params: { id },
      body: { slug: "adom-school" },
      headers: fixtures.atRevision(1),
    });
    await akosua.call(caseStudiesApi.publish, { params: { id } });
    await akosua.call(caseStudiesApi.unpublish, { params: { id } });
    const off = await site();
    expect(off.caseStudies).toEqual([]);
    expect(off.redirects).toEqual({});
    expect(off.gone.toSorted()).toEqual(
      [caseStudyPath("adom-school"), caseStudyPath(slug)].toSorted(),
    );
  });

  it("previews the latest revision as if published now, in place of the version on the site", async () => {
    const akosua = await fixtures.marketer(api);
    const { id, slug } = await fixtures.newArticle(akosua);
    const draft = await loadPreviewContent(api.db, "article", id, api.clock.now);
    expect(draft?.path).toBe(articlePath(slug));
    expect(draft?.content.articles.map((a) => a.title)).toEqual([fixtures.ARTICLE.title]);
    expect((await site()).articles).toEqual([]);
    await akosua.call(articlesApi.publish, { params: { id } });
    await fixtures.changeArticle(akosua, id, 1, { title: "New title", slug: "new-title" });
    const changed = await loadPreviewContent(api.db, "article", id, api.clock.now);
    expect(changed?.path).toBe(articlePath("new-title"));
    expect(changed?.content.articles.map((a) => a.title)).toEqual(["New title"]);
    expect(await loadPreviewContent(api.db, "caseStudy", id, api.clock.now)).toBeNull();
    expect(await loadPreviewContent(api.db, "article", "nope", api.clock.now)).toBeNull();
  });

  it("gives the site the size of each library picture an item's Markdown shows", async () => {
    const akosua = await fixtures.marketer(api);
    const picture = await fixtures.addPicture(api);
    const { id } = await fixtures.newArticle(akosua, {
      markdown: `Our stand:\n\n![The stand at the fair](/media/${picture}/960.webp)`,
    });
    await akosua.call(articlesApi.publish, { params: { id } });
    expect((await site()).media).toEqual({ [picture]: { width: 1600, height: 900 } });
  });
});
