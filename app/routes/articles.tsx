import type { Route } from "./+types/articles";
import articleCover from "~/assets/images/article-cover.svg";
import { articlesPage as page } from "~/content/articles";
import { pagePaths } from "@shared/paths";
import { loadArticles } from "~/content/markdown.server";
import { HeroBand, PageTitle } from "~/components/sections/page-hero";
import { formatDate } from "~/lib/dates";
import { getMeta } from "~/lib/meta";

// Articles are Markdown files in app/content/articles/, newest first, shown in full here.
export function loader() {
  return { articles: loadArticles().map(({ slug, meta, html }) => ({ slug, meta, html })) };
}

export const meta: Route.MetaFunction = () => getMeta({ ...page.seo, path: pagePaths.articles });

export default function ArticlesPage({ loaderData }: Route.ComponentProps) {
  const { articles } = loaderData;
  return (
    <>
      <HeroBand className="py-12 lg:py-16">
        <PageTitle>{page.headline}</PageTitle>
        <p className="mt-4 max-w-2xl text-lg text-muted">{page.intro}</p>
        {articles.length > 1 ? (
          <nav aria-label="Articles" className="mt-6">
            <ul className="list-disc space-y-1 pl-5">
              {articles.map((article) => (
                <li key={article.slug}>
                  <a href={`#${article.slug}`} className="font-semibold text-brand-700 underline">
                    {article.meta.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </HeroBand>
      <div className="container-page space-y-16 pb-16">
        {articles.length === 0 ? <p>No articles yet. Please check back soon.</p> : null}
        {articles.map((article, index) => (
          <article
            key={article.slug}
            id={article.slug}
            aria-labelledby={`${article.slug}-title`}
            className="mx-auto max-w-3xl scroll-mt-24"
          >
            {index === 0 ? (
              <img
                src={articleCover}
                alt=""
                width="640"
                height="320"
                className="mb-8 h-auto w-full rounded-2xl"
              />
            ) : null}
            <h2 id={`${article.slug}-title`} className="text-3xl font-bold text-brand-900">
              {article.meta.title}
            </h2>
            <p className="mt-2 text-sm text-muted">
              {article.meta.date ? (
                <time dateTime={article.meta.date}>{formatDate(article.meta.date)}</time>
              ) : null}
              {article.meta.author ? <> · {article.meta.author}</> : null}
              {article.meta.readingMinutes ? <> · {article.meta.readingMinutes} min read</> : null}
            </p>
            <div className="prose-legal mt-6" dangerouslySetInnerHTML={{ __html: article.html }} />
          </article>
        ))}
      </div>
    </>
  );
}
