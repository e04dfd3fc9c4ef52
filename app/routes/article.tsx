import { type PageProps, PageNotFound } from "~/lib/page";
import articleCover from "~/assets/images/article-cover.svg";
import { articlesPage } from "~/content/articles";
import { articlePath, pagePaths } from "@common/paths";
import { type ArticleMeta, loadArticle } from "~/content/markdown.server";
import { ArticleByline } from "~/components/sections/article-byline";
import { getMeta } from "~/lib/meta";

// One article, at /articles/<slug>: app/content/articles/YYYY-MM-DD-<slug>.md rendered at build
// time. routes.ts gives each article file a route of this module.
export function loader({ path: pathname }: { path: string }) {
  const article = loadArticle(pathname.slice(pagePaths.articles.length + 1));
  // The missing page rather than a blank one (fails the prerender if routes.ts and the loader
  // ever disagree on a slug).
  if (!article) throw new PageNotFound(`No article at ${pathname}`);
  const { slug, meta, html } = article;
  return { seo: articleSeo(slug, meta), meta, html };
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
  const { meta, html } = data;
  return (
    <article className="container-page py-12 lg:py-16">
      <div className="mx-auto max-w-3xl">
        <a
          className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
          href={pagePaths.articles}
        >
          ← {articlesPage.backToList}
        </a>
        <header className="mt-6">
          <h1 className="text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">
            {meta.title}
          </h1>
          <ArticleByline meta={meta} className="mt-4 text-muted" />
        </header>
        <img
          src={articleCover}
          alt=""
          width="640"
          height="320"
          fetchPriority="high"
          className="mt-8 h-auto w-full rounded-2xl"
        />
        {/* Trusted HTML: rendered from the repository's own Markdown at build time. */}
        <div className="prose-legal mt-8" dangerouslySetInnerHTML={{ __html: html }} />
      </div>
    </article>
  );
}
