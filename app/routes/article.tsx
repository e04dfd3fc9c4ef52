import type { Route } from "./+types/article";
import { Link, data } from "react-router";
import articleCover from "~/assets/images/article-cover.svg";
import { articlesPage } from "~/content/articles";
import { articlePath, pagePaths } from "@common/paths";
import { loadArticle } from "~/content/markdown.server";
import { ArticleByline } from "~/components/sections/article-byline";
import { getMeta } from "~/lib/meta";

// One article, at /articles/<slug>: app/content/articles/YYYY-MM-DD-<slug>.md rendered at build
// time. routes.ts gives each article file a route of this module.
export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const article = loadArticle(pathname.slice(pagePaths.articles.length + 1));
  // The missing page rather than a blank one (fails the prerender if routes.ts and the loader
  // ever disagree on a slug).
  if (!article) throw data(`No article at ${pathname}`, { status: 404 });
  const { slug, meta, html } = article;
  // The meta tags' values travel with the data, so the meta function below only passes them on.
  const seo = {
    title: meta.title,
    description: meta.description,
    path: articlePath(slug),
    article: { datePublished: meta.date, author: meta.author },
  };
  return { seo, meta, html };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? getMeta(loaderData.seo) : [];

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { meta, html } = loaderData;
  return (
    <article className="container-page py-12 lg:py-16">
      <div className="mx-auto max-w-3xl">
        <Link
          to={pagePaths.articles}
          className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          ← {articlesPage.backToList}
        </Link>
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
