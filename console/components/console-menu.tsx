import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import type { LeadCounts } from "../../staff-api/leads";

const linkClass = (isActive: boolean) =>
  `flex min-h-11 items-center rounded-md px-3 font-semibold ${
    isActive ? "bg-brand-800 text-white" : "text-brand-800 hover:bg-brand-50"
  }`;

/** A link of the menu: a page, or one of the inbox's views (`?view=`), and a note beside it. */
interface MenuLink {
  path: string;
  label: string;
  view?: string;
  /** Said after the link, outside its name, so the link keeps its page's name ("2 new"). */
  note?: string;
  /** The group it is listed in, under the group's name ("Website"). */
  group?: string;
}

/** The menu's links in order, each run of links of one group gathered under its name. */
function groupsOf(links: readonly MenuLink[]): { group?: string; links: MenuLink[] }[] {
  const groups: { group?: string; links: MenuLink[] }[] = [];
  for (const link of links) {
    const last = groups.at(-1);
    if (link.group && last?.group === link.group) last.links.push(link);
    else groups.push({ group: link.group, links: [link] });
  }
  return groups;
}

/**
 * The menu's links: the pages, and with the counts (a role that works leads) the inbox's views
 * of the sales desk right after it: "My leads (3)" and "Unassigned (5)", open leads each; beside
 * the inbox's link, how many arrived since the last visit ("2 new").
 */
export function menuLinks(
  pages: readonly { path: string; label: string }[],
  leadsPath: string,
  counts: LeadCounts | null,
): MenuLink[] {
  if (!counts) return [...pages];
  return pages.flatMap((page) =>
    page.path === leadsPath
      ? [
          counts.newSinceVisit ? { ...page, note: `${counts.newSinceVisit} new` } : page,
          { path: leadsPath, view: "mine", label: `My leads (${counts.mine})` },
          { path: leadsPath, view: "unassigned", label: `Unassigned (${counts.unassigned})` },
        ]
      : [page],
  );
}

/**
 * The pages a staff member may open. On a wide screen every page is a link in rows that wrap,
 * so none hides behind a scroll and the current one is always in view. On a phone the list
 * would push the page below the fold: it folds into a "Menu" that names the current page and
 * opens the same links in a column (`<details>`, so it works from the first tap). Only one of
 * the two is displayed at a width; the other is out of the accessibility tree with it. A view
 * of the inbox is current when the address shows it; the inbox's own link, on any other.
 */
export function ConsoleMenu({ links }: { links: readonly MenuLink[] }) {
  const location = useLocation();
  const folded = useRef<HTMLDetailsElement>(null);
  const view = new URLSearchParams(location.search).get("view") ?? undefined;
  const onPage = (link: MenuLink) =>
    location.pathname === link.path || location.pathname.startsWith(`${link.path}/`);
  const isCurrent = (link: MenuLink) =>
    onPage(link) &&
    (links.some((other) => other.path === link.path && other.view === view)
      ? link.view === view
      : link.view === undefined);
  const current = links.find(isCurrent);
  // A followed link closes the folded menu: the new page is what the person asked to see.
  useEffect(() => {
    if (folded.current) folded.current.open = false;
  }, [location.pathname, location.search]);

  const item = (link: MenuLink) => {
    const to = link.view ? `${link.path}?view=${link.view}` : link.path;
    const active = isCurrent(link);
    return (
      <li key={to} className="flex items-center gap-1">
        <Link to={to} className={linkClass(active)} aria-current={active ? "page" : undefined}>
          {link.label}
        </Link>
        {link.note ? (
          <span className="rounded bg-gold-300/60 px-2 py-0.5 text-sm font-semibold text-brand-900">
            {link.note}
          </span>
        ) : null}
      </li>
    );
  };
  // A group is a list of its own named by its heading, so a screen reader says "Website, list".
  const list = (className: string, where: string) => (
    <ul className={className}>
      {groupsOf(links).map(({ group, links: inGroup }) => {
        if (!group) return inGroup.map(item);
        const nameId = `menu-${where}-${group.toLowerCase().replace(/\W+/g, "-")}`;
        return (
          <li key={group} className="flex flex-wrap items-center gap-1">
            <span id={nameId} className="px-2 text-sm font-semibold text-muted">
              {group}
              <span aria-hidden="true">:</span>
            </span>
            <ul aria-labelledby={nameId} className="flex flex-wrap gap-1">
              {inGroup.map(item)}
            </ul>
          </li>
        );
      })}
    </ul>
  );
  return (
    <nav aria-label="Console" className="container-page pb-2">
      {list("hidden flex-wrap gap-1 sm:flex", "wide")}
      <details ref={folded} className="sm:hidden">
        <summary className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-gray-300 px-3 font-semibold text-brand-800">
          Menu
          {current ? <span className="font-normal text-muted">: {current.label}</span> : null}
        </summary>
        {list("mt-1 grid gap-1", "folded")}
      </details>
    </nav>
  );
}
