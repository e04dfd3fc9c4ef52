import { openConfiguredDatabase } from "../../server/configured-database";
import { addAccount } from "../../server/staff/accounts/accounts";
import { createSession } from "../../server/staff/sign-in/sessions";
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
 * Publishes DEV_ARTICLE on the dev server at `origin` as marketing does, through the staff API:
 * a marketing account and its session made in the server's database (in `dataDir`), as
 * bench/published-article.ts does, then the article created and published. Its id and slug, and
 * the session's cookie.
 */
export async function publishDevArticle(origin: string, dataDir: string) {
  const db = openConfiguredDatabase({ dataDir });
  let cookie: string;
  try {
    const now = new Date();
    const { account } = await addAccount(
      db,
      { email: "dev.marketing@example.com", role: "marketing", name: "Abena Owusu" },
      { via: "dev test", now },
    );
    cookie = `staff_session=${(await createSession(db, account.id, now)).secret}`;
  } finally {
    await db.destroy();
  }
  const send = async (path: string, body?: unknown) => {
    const answer = await fetch(`${origin}${path}`, {
      method: "POST",
      headers: { cookie, origin, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!answer.ok) throw new Error(`${path} answered ${answer.status}: ${await answer.text()}`);
    return (await answer.json()) as { id: string; slug: string };
  };
  const { id, slug } = await send(articlesApi.create.path, DEV_ARTICLE);
  await send(pathOf(articlesApi.publish, { id }));
  return { id, slug, cookie };
}
