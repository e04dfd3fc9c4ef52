import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center rounded-md px-3 font-semibold ${
    isActive ? "bg-brand-800 text-white" : "text-brand-800 hover:bg-brand-50"
  }`;

/**
 * The pages a staff member may open. On a wide screen every page is a link in rows that wrap,
 * so none hides behind a scroll and the current one is always in view. On a phone the list
 * would push the page below the fold: it folds into a "Menu" that names the current page and
 * opens the same links in a column (`<details>`, so it works from the first tap). Only one of
 * the two is displayed at a width; the other is out of the accessibility tree with it.
 */
export function ConsoleMenu({ pages }: { pages: readonly { path: string; label: string }[] }) {
  const location = useLocation();
  const folded = useRef<HTMLDetailsElement>(null);
  const current = pages.find(
    (page) => location.pathname === page.path || location.pathname.startsWith(`${page.path}/`),
  );
  // A followed link closes the folded menu: the new page is what the person asked to see.
  useEffect(() => {
    if (folded.current) folded.current.open = false;
  }, [location.pathname]);

  const links = (className: string) => (
    <ul className={className}>
      {pages.map((page) => (
        <li key={page.path}>
          <NavLink to={page.path} className={linkClass}>
            {page.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
  return (
    <nav aria-label="Console" className="container-page pb-2">
      {links("hidden flex-wrap gap-1 sm:flex")}
      <details ref={folded} className="sm:hidden">
        <summary className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-gray-300 px-3 font-semibold text-brand-800">
          Menu
          {current ? <span className="font-normal text-muted">: {current.label}</span> : null}
        </summary>
        {links("mt-1 grid gap-1")}
      </details>
    </nav>
  );
}
