import { useEffect, useRef } from "react";
import { Form, NavLink, Outlet, useLocation, useNavigation } from "react-router";
import { site } from "@common/site";
import { ROLE_LABELS } from "../labels";
import { mayOpen, useStaff } from "../session";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-md px-3 font-semibold whitespace-nowrap ${
    isActive ? "bg-brand-800 text-white" : "text-brand-800 hover:bg-brand-50"
  }`;

/**
 * The frame of every signed-in page: who is signed in, the pages their role may open, sign-out.
 * After each navigation the new page's heading takes the focus, so that a screen reader reads
 * where it is and the keyboard starts from the top of the new page.
 */
export function ConsoleShell() {
  const staff = useStaff();
  const navigation = useNavigation();
  const location = useLocation();
  const main = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    main.current?.querySelector<HTMLElement>("h1")?.focus();
  }, [location.pathname]);

  const busy = navigation.state !== "idle";
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="border-b border-gray-200 bg-white">
        <div className="container-page flex flex-wrap items-center justify-between gap-3 py-3">
          <p className="font-bold text-brand-900">
            {site.shortName} <span className="font-normal text-muted">staff console</span>
          </p>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <NavLink to="/account" className="console-link">
              {staff.name || staff.email}
            </NavLink>
            <span className="rounded bg-brand-50 px-2 py-0.5 font-semibold text-brand-900">
              {ROLE_LABELS[staff.role]}
            </span>
            <Form method="post" action="/sign-out">
              <button type="submit" className="console-button-quiet min-h-9 px-3 py-1">
                Sign out
              </button>
            </Form>
          </div>
        </div>
        <nav aria-label="Console" className="container-page overflow-x-auto pb-2">
          <ul className="flex gap-1">
            {mayOpen(staff, "leads") ? (
              <li>
                <NavLink to="/leads" className={linkClass}>
                  Leads
                </NavLink>
              </li>
            ) : null}
            {mayOpen(staff, "subscribers") ? (
              <li>
                <NavLink to="/subscribers" className={linkClass}>
                  Subscribers
                </NavLink>
              </li>
            ) : null}
            {mayOpen(staff, "reports") ? (
              <>
                <li>
                  <NavLink to="/reports" className={linkClass}>
                    Reports
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/newsletter/campaigns" className={linkClass}>
                    Campaigns
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/newsletter/welcome" className={linkClass}>
                    Welcome e-mail
                  </NavLink>
                </li>
              </>
            ) : null}
            {mayOpen(staff, "admin") ? (
              <>
                <li>
                  <NavLink to="/admin/accounts" className={linkClass}>
                    Staff accounts
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/admin/audit" className={linkClass}>
                    Audit log
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/admin/erase" className={linkClass}>
                    Erase a person
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/admin/outbox" className={linkClass}>
                    Outbox
                  </NavLink>
                </li>
              </>
            ) : null}
          </ul>
        </nav>
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
