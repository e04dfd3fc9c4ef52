import type { ReactNode } from "react";
import firstPaintScript from "virtual:first-paint-script";
import { articleFeedLink } from "~/content/navigation";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import type { MetaDescriptor } from "~/lib/meta";
import { type PageAssets, PageAssetsContext } from "~/lib/page-assets";
import { PagePathContext } from "~/lib/page-content";
import { speculationRulesText } from "@common/speculation-rules";

/** The links of every page. */
const siteLinks: Record<string, string>[] = [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
  // Feed readers find the articles' feed from any page.
  { rel: "alternate", type: "application/atom+xml", ...articleFeedLink },
];

/** `<` and friends escaped, so that no text in structured data can close its <script>. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[&<>\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );

/** A page's own head tags (app/lib/meta.ts), in order. */
export function HeadTags({ tags }: { tags: MetaDescriptor[] }) {
  return tags.map((tag) => {
    if ("title" in tag) return <title key="title">{tag.title}</title>;
    if ("script:ld+json" in tag) {
      const json = scriptSafeJson(tag["script:ld+json"]);
      // A data block, not a script: browsers do not run it, so the page's CSP needs no hash.
      return (
        <script key={json} type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />
      );
    }
    if ("tagName" in tag) {
      const { tagName: _link, ...attributes } = tag;
      return <link key={JSON.stringify(attributes)} {...attributes} />;
    }
    return <meta key={JSON.stringify(tag)} {...tag} />;
  });
}

/**
 * One whole page: the document every page shares, its head tags, and the page inside the site's
 * header and footer (a `standalone` page, the innovation hub, brings its own). The result is
 * HTML that works without a framework (app/widgets/): the only scripts are the inline one below
 * and, on a page with a form, its island's, which that inline script starts after the first
 * paint (app/islands/; docs/decisions/0037-forms-as-islands.md). A link is an ordinary page load,
 * which the speculation rules make quick.
 */
export function Document({
  path,
  head,
  assets,
  standalone = false,
  children,
}: {
  path: string;
  head: MetaDescriptor[];
  assets: PageAssets;
  standalone?: boolean;
  children: ReactNode;
}) {
  return (
    <html lang="en-GH">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5d3b" />
        <HeadTags tags={head} />
        {siteLinks.map((link) => (
          <link key={link.rel} {...link} />
        ))}
        {assets.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {/* Widgets that work from the first paint, and the start of the page's islands after it
            (app/first-paint.ts). */}
        <script dangerouslySetInnerHTML={{ __html: firstPaintScript }} />
        {/* The next page prerendered when a visitor reaches for its link (common/). */}
        <script
          type="speculationrules"
          dangerouslySetInnerHTML={{ __html: speculationRulesText }}
        />
      </head>
      <body>
        <PagePathContext value={path}>
          <PageAssetsContext value={assets}>
            {standalone ? children : <Shell>{children}</Shell>}
          </PageAssetsContext>
        </PagePathContext>
      </body>
    </html>
  );
}

/** The site's header and footer around a page's main content. */
function Shell({ children }: { children: ReactNode }) {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
