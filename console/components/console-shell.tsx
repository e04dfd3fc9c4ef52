import { useEffect, useRef } from "react";
import { ConsoleMenu, menuLinks } from "./console-menu";
import {
  Form,
  NavLink,
  NavigationType,
  Outlet,
  ScrollRestoration,
  useLocation,
  useNavigation,
  useNavigationType,
} from "react-router";
import { consolePaths } from "@common/paths";
import { site } from "@common/site";
import { routerPath } from "../api";
import { CONSOLE_PAGES, menuFor } from "../console-pages";
import { ROLE_LABELS } from "../labels";
import { useDeskCounts, useStaff } from "../session";

/**
 * The frame of every signed-in page: who is signed in, the pages their role may open, sign-out.
 * After each navigation the new page's heading takes the focus, so that a screen reader reads
 * where it is and the keyboard starts from the top of the new page. Back (or Forward) instead
 * puts it on the link to the page just left, when the page has one (a lead's row in the inbox),
 * so that the keyboard carries on from where the person was. The scroll is React Router's
 * (`ScrollRestoration`, by history entry): a new page opens at its top and Back goes to where
 * the person was, so the focus moves without scrolling.
 */
export function ConsoleShell() {
  const staff = useStaff();
  const deskCounts = useDeskCounts();
  const navigation = useNavigation();
  const location = useLocation();
  const navigationType = useNavigationType();
  const main = useRef<HTMLElement>(null);
  /** The page shown before this one; none on the first page of the visit. */
  const left = useRef<string | null>(null);

  useEffect(() => {
    const from = left.current;
    left.current = location.pathname;
    if (from === null || from === location.pathname) return;
    // The link may carry a query after the page's address (a lead's list, `?from=`).
    const address = CSS.escape(consolePaths.console + from);
    const linkBack = `a[href="${address}"], a[href^="${address}?"]`;
    const followed =
      navigationType === NavigationType.Pop
        ? main.current?.querySelector<HTMLElement>(linkBack)
        : null;
    (followed ?? main.current?.querySelector<HTMLElement>("h1"))?.focus({ preventScroll: true });
  }, [location.pathname, navigationType]);

  const busy = navigation.state !== "idle";
  return (
    <>
      <ScrollRestoration />
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="border-b border-gray-200 bg-white">
        <div className="container-page flex flex-wrap items-center justify-between gap-3 py-3">
          <p className="font-bold text-brand-900">
            {site.shortName} <span className="font-normal text-muted">staff console</span>
          </p>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <NavLink to={CONSOLE_PAGES.account.path} className="console-link">
              {staff.name || staff.email}
            </NavLink>
            <span className="rounded bg-brand-50 px-2 py-0.5 font-semibold text-brand-900">
              {ROLE_LABELS[staff.role]}
            </span>
            {staff.away ? (
              <NavLink
                to={`${CONSOLE_PAGES.account.path}#away`}
                className="rounded bg-gold-300/60 px-2 py-0.5 font-semibold text-brand-900"
              >
                Away
              </NavLink>
            ) : null}
            <Form method="post" action={routerPath(consolePaths.signOut)}>
              <button type="submit" className="console-button-quiet min-h-9 px-3 py-1">
                Sign out
              </button>
            </Form>
          </div>
        </div>
        <ConsoleMenu links={menuLinks(menuFor(staff), CONSOLE_PAGES.leads.path, deskCounts)} />
      </header>
      <main id="main" ref={main} className="container-page py-6" aria-busy={busy || undefined}>
        <p role="status" className="sr-only">
          {busy ? "Loading…" : ""}
        </p>
        <Outlet />
      </main>
    </>
  );
}
