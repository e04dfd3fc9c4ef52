import type { ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, isRouteErrorResponse, useMatches } from "react-router";
import type { Route } from "./+types/root";
import { articleFeedLink } from "~/content/navigation";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { NotFoundScreen } from "~/components/sections/not-found-screen";
import firstPaintScript from "virtual:first-paint-script";
import { speculationRulesText } from "@common/speculation-rules";
import "./app.css";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
  // Feed readers find the articles' feed from any page.
  { rel: "alternate", type: "application/atom+xml", ...articleFeedLink },
];

/**
 * Every page is prerendered HTML and stays that: React Router's scripts are never sent, a link is
 * an ordinary page load (which the speculation rules make quick), and the widgets work without a
 * framework (app/widgets/). Only a page's forms come to life with React, each as an island of
 * its own (app/islands/; docs/decisions/0037-forms-as-islands.md).
 */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-GH">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5d3b" />
        <Meta />
        <Links />
        {/* Widgets that work from the first paint, and the start of the page's islands after it
            (app/first-paint.ts). */}
        <script dangerouslySetInnerHTML={{ __html: firstPaintScript }} />
        {/* The next page prerendered when a visitor reaches for its link (common/). */}
        <script
          type="speculationrules"
          dangerouslySetInnerHTML={{ __html: speculationRulesText }}
        />
      </head>
      <body>{children}</body>
    </html>
  );
}

/**
 * Rendered only into the SPA fallback (`__spa-fallback.html`), which React Router refuses to
 * build without its scripts; no page is that file, and the postbuild removes it with the rest of
 * React Router's client build (scripts/postbuild.ts).
 */
export function HydrateFallback() {
  return <Scripts />;
}

export interface RouteHandle {
  /** Without the shared header and footer (the innovation hub has its own). */
  standalone?: boolean;
}

function Shell({ children }: { children: ReactNode }) {
  const standalone = useMatches().some((m) => (m.handle as RouteHandle | undefined)?.standalone);
  if (standalone) return <>{children}</>;
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

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <NotFoundScreen />
      </Shell>
    );
  }
  // Anything else is a bug of ours; show a calm message rather than a stack trace.
  return (
    <Shell>
      <section className="container-page py-24 text-center">
        <h1 className="text-3xl font-bold">Something went wrong</h1>
        <p className="mt-4">Please reload the page. If it keeps happening, contact us.</p>
      </section>
    </Shell>
  );
}
