import type { MetaDescriptor } from "react-router";
import { pagePaths } from "@shared/paths";
import { site } from "@shared/site";

interface PageMeta {
  /** Page title without the brand; the brand is appended. */
  title: string;
  description: string;
  /** URL path of the page, e.g. "/about-us". Used for the canonical URL and og:url. */
  path: string;
  /** Keep the page out of search results (the missing page, confirmation pages). */
  noindex?: boolean;
}

/** Title, description, canonical URL and Open Graph tags for one page. */
export function getMeta({ title, description, path, noindex }: PageMeta): MetaDescriptor[] {
  const fullTitle = path === pagePaths.home ? `${site.name} | ${title}` : `${title} | ${site.name}`;
  const url = `${site.url}${path}`;
  const image = `${site.url}/og-image.png`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:image", content: image },
    { property: "og:locale", content: "en_GH" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (noindex) {
    tags.push({ name: "robots", content: "noindex" });
  } else {
    tags.push({ tagName: "link", rel: "canonical", href: url });
    tags.push({ property: "og:url", content: url });
  }
  return tags;
}
