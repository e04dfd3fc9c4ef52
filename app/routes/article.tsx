import { type LoaderArgs, type PageProps, PageNotFound } from "~/lib/page";
import articleCover from "~/assets/images/article-cover.svg";
import { articlesPage } from "~/content/articles";
import { articlePath, pagePaths } from "@common/paths";
import { type ArticleMeta, loadArticle } from "~/content/markdown.server";
import { ArticleByline } from "~/components/sections/article-byline";
import { BackToListLink } from "~/components/sections/page-section";
import { MediaImage } from "~/components/sections/media-image";
import { TEXT_COLUMN_SIZES } from "~/lib/media-image";
import type { PublishedImage } from "@common/published";
import { publishedArticlePage, publishedArticles } from "~/content/published.server";
import { getMeta } from "~/lib/meta";

// One article, at /articles/<slug>: app/content/articles/YYYY-MM-DD-<slug>.md rendered at build
// time (routes.ts gives each article file a route of this module), or an article published from
// the console, rendered by the server (a file of the same address wins).
export function loader({ path: pathname, published }: LoaderArgs) {
  const slug = pathname.slice(pagePaths.articles.length + 1);
  const article = loadArticle(slug);
  if (article) {
    const { meta, html } = article;
    return {
      seo: articleSeo(slug, meta),
      meta: meta as ArticleMeta & { tags?: string[] },
      html,
      cover: null as PublishedImage | null,
    };
  }
  const item = publishedArticles(published).find((entry) => entry.slug === slug);
  // The missing page rather than a blank one (fails the prerender if routes.ts and the loader
  // ever disagree on a slug).
  if (!item) throw new PageNotFound(`No article at ${pathname}`);
  return publishedArticlePage(item, published);
}

/**
 * An article's head tags' values. Exported with the page so that an article that is data rather
 * than a file (one published from the console, rendered by the server) gets the same tags.
 */
export function articleSeo(slug: string, meta: ArticleMeta) {
  return {
    title: meta.title,
    description: meta.description,
    path: articlePath(slug),
    article: { datePublished: meta.date, author: meta.author },
  };
}

export const meta = ({ data }: PageProps<ReturnType<typeof loader>>) => getMeta(data.seo);

export default function ArticlePage({ data }: PageProps<ReturnType<typeof loader>>) {
  const { meta, html, cover } = data;
  return (
    <article className="container-page py-12 lg:py-16">
      <div className="mx-auto max-w-3xl">
        <BackToListLink href={pagePaths.articles}>{articlesPage.backToList}</BackToListLink>
        <header className="mt-6">
          <h1 className="text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">
            {meta.title}
          </h1>
          <ArticleByline meta={meta} className="mt-4 text-muted" />
          {meta.tags?.length ? (
            <ul className="mt-3 flex flex-wrap gap-2" aria-label="Tags">
              {meta.tags.map((tag) => (
                <li key={tag} className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-900">
                  {tag}
                </li>
              ))}
            </ul>
          ) : null}
        </header>
        {cover ? (
          <MediaImage
            image={cover}
            sizes={TEXT_COLUMN_SIZES}
            priority
            className="mt-8 h-auto w-full rounded-2xl"
          />
        ) : (
          <img
            src={articleCover}
            alt=""
            width="640"
            height="320"
            fetchPriority="high"
            className="mt-8 h-auto w-full rounded-2xl"
          />
        )}
        {/* Safe HTML: the repository's own Markdown rendered at build time, or published
            Markdown through the published policy (content/published-markdown.server.ts). */}
        <div className="prose-legal mt-8" dangerouslySetInnerHTML={{ __html: html }} />
      </div>
    </article>
  );
}
