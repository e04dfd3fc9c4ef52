import { pagePaths } from "@common/paths";
import type { PublishedImage } from "@common/published";
import { site } from "@common/site";
import { mediaImageUrl } from "./media-image";

/**
 * One tag of a page's <head> (app/document.tsx renders them in order): `{ title }`, a `<meta>` by
 * its attributes, `{ tagName: "link", ... }`, or `{ "script:ld+json": data }` for structured data.
 */
export type MetaDescriptor =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: "link"; rel: string; href: string; [attribute: string]: string }
  | { "script:ld+json": Record<string, unknown> };

interface PageMeta {
  /** Page title without the brand; the brand is appended. */
  title: string;
  description: string;
  /** URL path of the page, e.g. "/about-us". Used for the canonical URL and og:url. */
  path: string;
  /** Keep the page out of search results (the missing page, confirmation pages). */
  noindex?: boolean;
  /** An article: tagged as one for sharing, and described to search engines as `Article`. */
  article?: { datePublished: string; author: string; dateModified?: string; tags?: string[] };
  /** The page's own picture (a published item's cover) in place of the site's, for sharing. */
  image?: PublishedImage | null;
  /** An open position: described to search engines as a `JobPosting` (lib/job-posting.ts). */
  jobPosting?: Record<string, unknown>;
}

/** Title, description, canonical URL and Open Graph tags for one page. */
export function getMeta({
  title,
  description,
  path,
  noindex,
  article,
  image: picture,
  jobPosting,
}: PageMeta): MetaDescriptor[] {
  const fullTitle = path === pagePaths.home ? `${site.name} | ${title}` : `${title} | ${site.name}`;
  const url = `${site.url}${path}`;
  const image = picture ? mediaImageUrl(site.url, picture.id) : `${site.url}/og-image.png`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:type", content: article ? "article" : "website" },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:image", content: image },
    ...(picture
      ? [
          { property: "og:image:width", content: String(Math.min(picture.width, 1440)) },
          {
            property: "og:image:height",
            content: String(
              Math.round((picture.height * Math.min(picture.width, 1440)) / picture.width),
            ),
          },
          { property: "og:image:alt", content: picture.alt },
        ]
      : []),
    { property: "og:locale", content: "en_GH" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (noindex) {
    tags.push({ name: "robots", content: "noindex" });
  } else {
    tags.push({ tagName: "link", rel: "canonical", href: url });
    tags.push({ property: "og:url", content: url });
  }
  if (article) {
    tags.push({ property: "article:published_time", content: article.datePublished });
    tags.push({ property: "article:author", content: article.author });
    if (article.dateModified) {
      tags.push({ property: "article:modified_time", content: article.dateModified });
    }
    for (const tag of article.tags ?? []) tags.push({ property: "article:tag", content: tag });
    // A data block, not a script: browsers do not run it, so the page's CSP needs no hash for it.
    tags.push({
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: title,
        description,
        datePublished: article.datePublished,
        ...(article.dateModified ? { dateModified: article.dateModified } : {}),
        ...(article.tags?.length ? { keywords: article.tags.join(", ") } : {}),
        author: {
          // Articles signed by the company ("Akwaaba Pay Team") are the organisation's own.
          "@type": article.author.includes(site.name) ? "Organization" : "Person",
          name: article.author,
        },
        publisher: { "@type": "Organization", name: site.legalName, url: site.url },
        url,
        mainEntityOfPage: url,
        image,
      },
    });
  }
  if (jobPosting) tags.push({ "script:ld+json": jobPosting });
  return tags;
}
