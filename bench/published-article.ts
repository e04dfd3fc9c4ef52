/**
 * A published article for the Lighthouse runs, beside the built pages (docs/decisions/0066): put
 * on the bench's own server as marketing would, through the staff API: a street photograph's cover
 * uploaded to the media library (made in its sizes by sharp, as every upload is), an article
 * written with it and published. Its page is then the server's rendering, not a built file.
 */
import { articlePath } from "../common/paths";
import { mediaApi } from "../staff-api/media";
import { articlesApi } from "../staff-api/publishing";
import { pathOf } from "../staff-api/endpoint";
import { marketingSession } from "../scripts/marketing-session";
import { streetPhotograph } from "./street-photograph";

const ARTICLE = {
  title: "How schools in Kumasi collect fees by mobile money",
  summary:
    "Three schools moved their fee collection to mobile money this term. What changed for the bursar, the parents and the bank reconciliation.",
  markdown: [
    "Every term, bursars spend days matching bank slips to pupils. Three schools in Kumasi tried",
    "something else: parents pay by mobile money, and each payment names its pupil.",
    "",
    "## What changed",
    "",
    "- Parents pay from their phones, at any hour.",
    "- The bursar sees each payment against its pupil the same day.",
    "- Reconciliation went from four days to one afternoon.",
    "",
    "## What it took",
    "",
    "A list of pupils and fees, a short call with our team, and a message to the parents.",
  ].join("\n"),
  coverAlt: "A parent paying school fees on a phone at the school gate",
};

/**
 * Publishes the bench's article on the server at `url` whose data is in `dataDir` (its SQLite
 * database, where a marketing account and its session are made), and waits until the server
 * serves its page (every instance reads what is published again within seconds). Its path.
 */
export async function publishArticle(url: string, dataDir: string): Promise<string> {
  const { send } = await marketingSession(url, dataDir, {
    email: "bench.marketing@example.com",
    name: "Akosua Mensah",
    via: "bench",
  });
  const form = new FormData();
  form.append(
    "file",
    new Blob([new Uint8Array(await streetPhotograph())], { type: "image/jpeg" }),
    "fees.jpg",
  );
  const cover = await send(mediaApi.upload.path, { body: form, status: 201 });
  const { id, slug } = await send(articlesApi.create.path, {
    json: { ...ARTICLE, coverImage: cover.id },
    status: 201,
  });
  await send(pathOf(articlesApi.publish, { id: String(id) }), { status: 202 });

  const path = articlePath(String(slug));
  for (let attempt = 0; attempt < 60; attempt += 1) {
    if ((await fetch(`${url}${path}`)).status === 200) return path;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${path} was not served within 30 s of its publication`);
}
