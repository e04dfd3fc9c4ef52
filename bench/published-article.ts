/**
 * `npx tsx bench/published-article.ts [--runs 3]` (after `npm run build`): Lighthouse mobile on a
 * built article and on a published one, side by side (docs/decisions/0066). The compiled site and
 * renderer are served by the app in this process, its published content the renderer tests'
 * fixture (an article with a 1600 × 900 cover), its media library a stand-in that answers each
 * size of the cover as a WebP of that width (sharp), as server/media/ stores them.
 */
import sharp from "sharp";
import { MEDIA_PREFIX } from "../common/media";
import { publishedFixture } from "../app/content/published-fixture";
import { buildApp } from "../server/app";
import { testConfig } from "../server/testing/lead-api";
import { loadPageRenderer } from "../server/static/page-renderer";
import { loadSiteFiles } from "../server/static/site-files";
import { CHROMIUM_PATH } from "../scripts/chromium";
import { lighthouseRoutes } from "./lighthouse";

const runs = Number(process.argv[process.argv.indexOf("--runs") + 1]) || 3;
const csp = { frameOrigins: [] };
const site = await loadSiteFiles("build/client", csp);
const pages = await loadPageRenderer("build/client", csp);
const app = await buildApp({
  config: testConfig({ logLevel: "silent" }),
  site,
  pages,
  published: { load: async () => publishedFixture },
});
// A photograph-like picture (noise compresses as a photograph does, not as a flat colour).
const pictures = new Map<number, Buffer>();
app.get(`${MEDIA_PREFIX}/:id/:file`, async (request, reply) => {
  const width = Math.min(Number.parseInt((request.params as { file: string }).file, 10), 1600);
  if (!pictures.has(width)) {
    const height = Math.round((width * 9) / 16);
    const noise = await sharp({
      create: {
        width,
        height,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .blur(2)
      .webp({ quality: 75 })
      .toBuffer();
    pictures.set(width, noise);
  }
  return reply
    .header("content-type", "image/webp")
    .header("cache-control", "public, max-age=31536000, immutable")
    .send(pictures.get(width));
});
const address = await app.listen({ port: 0, host: "127.0.0.1" });
try {
  const results = await lighthouseRoutes({
    baseUrl: address,
    paths: [
      "/articles/mobile-money-collections-for-small-businesses",
      `/articles/${publishedFixture.articles[0]?.slug ?? ""}`,
    ],
    preset: "mobile",
    runs,
    chromePath: CHROMIUM_PATH,
    log: (line) => console.log(line),
  });
  for (const { path, median } of results) {
    console.log(
      path,
      JSON.stringify({ scores: median.scores, lcp: median.metrics.lcp, cls: median.metrics.cls }),
    );
  }
} finally {
  await app.close();
}
