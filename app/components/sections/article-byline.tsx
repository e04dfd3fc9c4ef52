import { formatDate } from "~/lib/dates";

interface BylineMeta {
  date: string;
  author: string;
  readingMinutes?: number | undefined;
}

/** An article's date, author and reading time, on the list and on the article's page. */
export function ArticleByline({ meta, className }: { meta: BylineMeta; className?: string }) {
  return (
    <p className={className}>
      <time dateTime={meta.date}>{formatDate(meta.date)}</time> · {meta.author}
      {meta.readingMinutes ? <> · {meta.readingMinutes} min read</> : null}
    </p>
  );
}
