/**
 * Long copy (terms, policies, articles) is written as Markdown under app/content/ and rendered to
 * HTML here, at build time only: route loaders call these functions while the pages are
 * prerendered, so neither the Markdown nor the renderer reaches the browser's JavaScript.
 *
 * Markdown files name company facts with tokens such as {{name}} or {{email.compliance}}; they are
 * filled from site.ts so the facts stay in one place. A `## Heading {#id}` sets the heading's id.
 * The privacy notice's retention periods ({{retention.leads}}, …) come from the build's
 * environment, read as the server reads it (common/retention.ts): the build records them, and a
 * server with other periods refuses to start (server/people/retention/build-record.ts).
 */
import { Marked, type RendererObject, type Tokens } from "marked";
import { htmlAsTextTokenizer } from "@common/markdown-html-as-text";
import { z } from "zod";
import { articleSlug } from "@common/paths";
import { type RetentionPeriods, periodWords, retentionFromEnv } from "@common/retention";
import { fullAddress, site } from "@common/site";

const sources = import.meta.glob<string>(["./policies/*.md", "./articles/*.md"], {
  query: "?raw",
  import: "default",
  eager: true,
});

const FrontMatter = z.object({
  title: z.string().min(1),
  description: z.string().min(1),
  effective: z.iso.date().optional(),
  updated: z.iso.date().optional(),
  date: z.iso.date().optional(),
  author: z.string().optional(),
  readingMinutes: z.coerce.number().int().positive().optional(),
});
export type FrontMatter = z.infer<typeof FrontMatter>;

export interface HeadingLink {
  id: string;
  text: string;
}

export interface MarkdownDocument {
  slug: string;
  meta: FrontMatter;
  html: string;
  /** The document's `##` headings, for a table of contents. */
  headings: HeadingLink[];
}

/** The periods as the notice says them: "24 months", "30 days". */
function retentionTokens(periods: RetentionPeriods): Record<string, string> {
  return {
    "retention.leads": periodWords(periods.leadMonths, "month"),
    "retention.pendingSignUps": periodWords(periods.pendingSubscriptionDays, "day"),
    "retention.messageBodies": periodWords(periods.messageBodyDays, "day"),
  };
}

const TOKENS: Record<string, string> = {
  name: site.name,
  legalName: site.legalName,
  url: site.url,
  address: fullAddress(),
  hours: site.hours.long,
  phone: site.phones[0].label,
  "email.general": site.emails.general,
  "email.support": site.emails.support,
  "email.compliance": site.emails.compliance,
  "email.sales": site.emails.sales,
  ...retentionTokens(retentionFromEnv(process.env)),
};

function fillTokens(text: string, file: string): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_match, token: string) => {
    const value = TOKENS[token];
    if (value === undefined) throw new Error(`${file}: unknown token {{${token}}}`);
    return value;
  });
}

function parseFrontMatter(source: string, file: string): { meta: FrontMatter; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) throw new Error(`${file}: missing front matter`);
  const fields = Object.fromEntries(
    (match[1] ?? "")
      .split(/\r?\n/)
      .filter((line) => line.trim() !== "")
      .map((line) => {
        const colon = line.indexOf(":");
        if (colon < 0) throw new Error(`${file}: front matter line without a colon: ${line}`);
        return [
          line.slice(0, colon).trim(),
          line
            .slice(colon + 1)
            .trim()
            .replace(/^"(.*)"$/, "$1"),
        ];
      }),
  );
  const parsed = FrontMatter.safeParse(fields);
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.message}`);
  return { meta: parsed.data, body: source.slice(match[0].length) };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]+>/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** How a document other than the repository's own is rendered (published-markdown.server.ts). */
export interface MarkdownPolicy {
  /** The highest heading level a document may use: a page's own title is its only h1. */
  minHeadingLevel?: number;
  /** Links and pictures rendered otherwise than as written. */
  renderer?: Pick<RendererObject, "link" | "image">;
}

export function renderMarkdown(
  body: string,
  headingOffset = 0,
  policy: MarkdownPolicy = {},
): { html: string; headings: HeadingLink[] } {
  const headings: HeadingLink[] = [];
  // Two headings of the same words (a "Refund" under Definitions and another under Process) get
  // ids of their own, "refund" and "refund-2": an id names one element, or links and ARIA
  // references reach the wrong one.
  const used = new Map<string, number>();
  const uniqueId = (id: string) => {
    const count = (used.get(id) ?? 0) + 1;
    used.set(id, count);
    return count === 1 ? id : `${id}-${count}`;
  };
  const marked = new Marked({
    gfm: true,
    tokenizer: htmlAsTextTokenizer,
    renderer: {
      ...policy.renderer,
      heading({ tokens, depth }: Tokens.Heading) {
        const inner = this.parser.parseInline(tokens);
        const explicit = /\s*\{#([a-z0-9-]+)\}\s*$/.exec(inner);
        const html = explicit ? inner.slice(0, explicit.index) : inner;
        const id = uniqueId(explicit?.[1] ?? slugify(html));
        if (depth === 2) headings.push({ id, text: html.replace(/<[^>]+>/g, "") });
        const level = Math.max(Math.min(depth + headingOffset, 6), policy.minHeadingLevel ?? 1);
        return `<h${level} id="${escapeHtml(id)}">${html}</h${level}>\n`;
      },
      // Authors write no raw HTML; if some slips in, show it as text rather than trust it.
      html({ text }: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(text);
      },
    },
  });
  const html = marked.parse(body, { async: false });
  return { html, headings };
}

/** headingOffset shifts heading levels, for documents shown below another heading. */
function loadDocument(file: string, headingOffset = 0): MarkdownDocument {
  const source = sources[file];
  if (source === undefined) throw new Error(`No such content file: ${file}`);
  const { meta, body } = parseFrontMatter(source, file);
  const filled = fillTokens(body, file);
  return {
    slug: file.replace(/^.*\//, "").replace(/\.md$/, ""),
    meta: {
      ...meta,
      title: fillTokens(meta.title, file),
      description: fillTokens(meta.description, file),
      author: meta.author && fillTokens(meta.author, file),
    },
    ...renderMarkdown(filled, headingOffset),
  };
}

/** A policy or the terms, by file name: "terms-and-conditions", "cancellation-policy", … */
export function loadPolicy(slug: string): MarkdownDocument {
  return loadDocument(`./policies/${slug}.md`);
}

/** An article: its date and author are required, the feed and the search tags need them. */
export interface ArticleDocument extends MarkdownDocument {
  meta: FrontMatter & { date: string; author: string };
}

export type ArticleMeta = ArticleDocument["meta"];

/** The articles' file names (`YYYY-MM-DD-<slug>.md`), for the route table (app/routes.ts). */
export function articleFiles(): string[] {
  return Object.keys(sources)
    .filter((file) => file.startsWith("./articles/"))
    .map((file) => file.slice("./articles/".length));
}

function loadArticleFile(file: string): ArticleDocument {
  const doc = loadDocument(file);
  const { date, author } = doc.meta;
  if (!date || !author) throw new Error(`${file}: an article needs a date and an author`);
  // The address comes from the file name without its date (common/paths.ts, articleSlug).
  return { ...doc, slug: articleSlug(file), meta: { ...doc.meta, date, author } };
}

/** Every article, newest first. Its title is the page's h1, so its ## sections are h2. */
export function loadArticles(): ArticleDocument[] {
  const articles = Object.keys(sources)
    .filter((file) => file.startsWith("./articles/"))
    .map(loadArticleFile)
    .sort((a, b) => b.meta.date.localeCompare(a.meta.date));
  const slugs = articles.map((article) => article.slug);
  const repeated = slugs.find((slug, index) => slugs.indexOf(slug) !== index);
  if (repeated) throw new Error(`Two articles have the address of "${repeated}"`);
  return articles;
}

/** One article by its slug, or undefined. */
export function loadArticle(slug: string): ArticleDocument | undefined {
  return loadArticles().find((article) => article.slug === slug);
}
