import { marketingSession } from "../../scripts/marketing-session";
import { pathOf } from "../../staff-api/endpoint";
import { articlesApi } from "../../staff-api/publishing";

/** An article as marketing would write it in the console. */
export const DEV_ARTICLE = {
  title: "Paying school fees by mobile money in Tamale",
  summary: "Parents pay from their phones; the bursar sees each payment against its pupil.",
  markdown:
    "Every term, bursars match bank slips to pupils.\n\n## What changed\n\nParents pay by phone.",
};

/**
 * Publishes DEV_ARTICLE on the dev server at `origin` as marketing does, through the staff API
 * (a marketing account and its session made in the server's database, in `dataDir`). Its id and
 * slug, and the session's cookie.
 */
export async function publishDevArticle(origin: string, dataDir: string) {
  const { cookie, send } = await marketingSession(origin, dataDir, {
    email: "dev.marketing@example.com",
    name: "Abena Owusu",
    via: "dev test",
  });
  const { id, slug } = await send(articlesApi.create.path, { json: DEV_ARTICLE, status: 201 });
  await send(pathOf(articlesApi.publish, { id: String(id) }), { status: 202 });
  return { id: String(id), slug: String(slug), cookie };
}
