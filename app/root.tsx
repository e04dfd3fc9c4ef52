import { type ReactNode, useEffect } from "react";
import { Links, Meta, Outlet, Scripts, isRouteErrorResponse, useMatches } from "react-router";
import type { Route } from "./+types/root";
import { articleFeedLink } from "~/content/navigation";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { NotFoundScreen } from "~/components/sections/not-found-screen";
import { useScrollToTopOnNavigate } from "~/lib/use-scroll-to-top";
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
 * Whether the page loads React. Most pages are complete in their HTML, and their widgets work
 * without React (app/widgets/): they load no JavaScript but the inline script, and a link from
 * them is an ordinary page load. A page with a form asks for React in its handle, for the
 * form's checks and answers without leaving the page. The SPA fallback, which matches no page,
 * keeps the scripts; so does every render in the browser, where React is already running.
 */
function usePageLoadsReact(): boolean {
  const pages = useMatches().slice(1);
  return (
    typeof document !== "undefined" ||
    pages.length === 0 ||
    pages.some((match) => (match.handle as RouteHandle | undefined)?.hydrate)
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const loadsReact = usePageLoadsReact();
  return (
    <html lang="en-GH">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5d3b" />
        <Meta />
        <Links />
        {/* Widgets that work from the first paint, and the start of React after it
            (app/first-paint.ts). In the browser the text is empty (the page already has it). */}
        <script dangerouslySetInnerHTML={{ __html: firstPaintScript }} suppressHydrationWarning />
        {/* The next page prerendered when a visitor reaches for its link (common/). */}
        <script
          type="speculationrules"
          dangerouslySetInnerHTML={{ __html: speculationRulesText }}
          suppressHydrationWarning
        />
      </head>
      <body>
        {children}
        {loadsReact ? <Scripts /> : null}
      </body>
    </html>
  );
}

export interface RouteHandle {
  /** Without the shared header and footer (the innovation hub has its own). */
  standalone?: boolean;
  /** The page loads React: it has a form (see usePageLoadsReact). */
  hydrate?: boolean;
}

function Shell({ children }: { children: ReactNode }) {
  useScrollToTopOnNavigate();
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
  // Marks the document once React has taken over the prerendered HTML (browser tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
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
