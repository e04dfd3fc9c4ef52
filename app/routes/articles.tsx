import { articlesPage as page } from "~/content/articles";
import type { LoaderArgs, MetaFunction, PageProps } from "~/lib/page";
import { articlePath, pagePaths } from "@common/paths";
import { allArticles } from "~/content/published.server";
import { HeroBand, PageTitle } from "~/components/sections/page-hero";
import { ArticleByline } from "~/components/sections/article-byline";
import { getMeta } from "~/lib/meta";

// Articles are Markdown files in app/content/articles/ and articles published from the console,
// newest first. This page lists them; each has a page of its own (routes/article.tsx), so only
// what the list shows is sent here.
export function loader({ published }: LoaderArgs) {
  return { articles: allArticles(published).map(({ slug, meta }) => ({ slug, meta })) };
}

export const meta: MetaFunction = () => getMeta({ ...page.seo, path: pagePaths.articles });

export default function ArticlesPage({ data }: PageProps<ReturnType<typeof loader>>) {
  const { articles } = data;
  return (
    <>
      <HeroBand className="py-12 lg:py-16">
        <PageTitle>{page.headline}</PageTitle>
        <p className="mt-4 max-w-2xl text-lg text-muted">{page.intro}</p>
      </HeroBand>
      <div className="container-page pb-16">
        {articles.length === 0 ? <p>{page.empty}</p> : null}
        <ul className="mx-auto max-w-3xl space-y-10">
          {articles.map((article) => (
            <li key={article.slug}>
              <article aria-labelledby={`${article.slug}-title`}>
                <h2 id={`${article.slug}-title`} className="text-2xl font-bold text-brand-900">
                  <a
                    className="underline-offset-4 hover:text-brand-700 hover:underline"
                    href={articlePath(article.slug)}
                  >
                    {article.meta.title}
                  </a>
                </h2>
                <ArticleByline meta={article.meta} className="mt-2 text-sm text-muted" />
                <p className="mt-3">{article.meta.description}</p>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
