import { consolePaths } from "@common/paths";
import { accountsApi, erasureApi, outboxApi } from "../staff-api/admin";
import { auditApi } from "../staff-api/audit";
import { leadsApi } from "../staff-api/leads";
import { mailDomainApi, mailTemplatesApi, suppressionsApi } from "../staff-api/mail";
import { campaignsApi, welcomeApi } from "../staff-api/newsletter";
import { passkeysApi } from "../staff-api/passkeys";
import { peopleApi } from "../staff-api/people";
import { mediaApi } from "../staff-api/media";
import { articlesApi, caseStudiesApi, positionsApi } from "../staff-api/publishing";
import { reportsApi } from "../staff-api/reports";
import { sessionApi } from "../staff-api/session";
import { serviceHoursApi } from "../staff-api/service-hours";
import { routingApi } from "../staff-api/routing";
import { type StaffRole, roleAllows } from "../staff-api/roles";
import { subscribersApi } from "../staff-api/subscribers";
import { routerPath } from "./api";

/** One page of the console, as the router, the navigation and the access checks read it. */
export interface ConsolePage {
  /** Its address as the router names it, under /staff: "/leads", "/leads/:id". */
  path: string;
  /**
   * Who may open it: the roles of the endpoint its page loads (or, for a form, sends to), as the
   * contract lists them; none means any signed-in member of staff. The server checks the same
   * on every request; the console only leaves out what a role cannot open.
   */
  roles: readonly StaffRole[];
  /** Its link in the navigation, in this table's order; none for a page reached otherwise. */
  menu?: string;
  /** The menu's group its link sits in, named ("Website"); none for a link of its own. */
  group?: string;
}

/** The menu's group of what marketing publishes on the site (decision 0067). */
const WEBSITE = "Website";

/** The three pages of a kind of published content: its list, a new item, an item. */
const contentPages = (
  list: string,
  api: typeof articlesApi | typeof caseStudiesApi | typeof positionsApi,
  menu: string,
) =>
  [
    { path: routerPath(list), roles: api.list.roles, menu, group: WEBSITE },
    { path: `${routerPath(list)}/new`, roles: api.create.roles },
    { path: `${routerPath(list)}/:id`, roles: api.get.roles },
  ] as const;

const [articles, newArticle, article] = contentPages(
  consolePaths.articles,
  articlesApi,
  "Articles",
);
const [caseStudies, newCaseStudy, caseStudy] = contentPages(
  consolePaths.caseStudies,
  caseStudiesApi,
  "Case studies",
);
const [positions, newPosition, position] = contentPages(
  consolePaths.positions,
  positionsApi,
  "Open positions",
);

/**
 * Every page of the signed-in console, each written once: its address (read from
 * common/paths.ts's `consolePaths`, which the server's e-mails link to as well), who may open
 * it and its link in the navigation. The router (routes.tsx) gives each of these pages its
 * component, loader and action under the same id; the sign-in page stands outside, before
 * anyone is signed in.
 */
export const CONSOLE_PAGES = {
  leads: { path: routerPath(consolePaths.leads), roles: leadsApi.list.roles, menu: "Leads" },
  lead: { path: `${routerPath(consolePaths.leads)}/:id`, roles: leadsApi.get.roles },
  subscribers: {
    path: routerPath(consolePaths.subscribers),
    roles: subscribersApi.list.roles,
    menu: "Subscribers",
  },
  reports: {
    path: routerPath(consolePaths.reports),
    roles: reportsApi.leads.roles,
    menu: "Reports",
  },
  campaigns: {
    path: routerPath(consolePaths.campaigns),
    roles: campaignsApi.list.roles,
    menu: "Campaigns",
  },
  newCampaign: { path: routerPath(consolePaths.newCampaign), roles: campaignsApi.create.roles },
  campaign: { path: `${routerPath(consolePaths.campaigns)}/:id`, roles: campaignsApi.get.roles },
  welcome: {
    path: routerPath(consolePaths.welcome),
    roles: welcomeApi.get.roles,
    menu: "Welcome e-mail",
  },
  suppressions: {
    path: routerPath(consolePaths.suppressions),
    roles: suppressionsApi.list.roles,
    menu: "Suppressions",
  },
  accounts: {
    path: routerPath(consolePaths.accounts),
    roles: accountsApi.list.roles,
    menu: "Staff accounts",
  },
  audit: { path: routerPath(consolePaths.audit), roles: auditApi.list.roles, menu: "Audit log" },
  accessRequest: {
    path: routerPath(consolePaths.accessRequest),
    roles: peopleApi.export.roles,
    menu: "Access request",
  },
  erase: {
    path: routerPath(consolePaths.erase),
    roles: erasureApi.forget.roles,
    menu: "Erase a person",
  },
  outbox: { path: routerPath(consolePaths.outbox), roles: outboxApi.list.roles, menu: "Outbox" },
  serviceHours: {
    path: routerPath(consolePaths.serviceHours),
    roles: serviceHoursApi.get.roles,
    menu: "Service hours",
  },
  emails: {
    path: routerPath(consolePaths.emails),
    roles: mailTemplatesApi.list.roles,
    menu: "E-mails",
  },
  sendingDomain: {
    path: routerPath(consolePaths.sendingDomain),
    roles: mailDomainApi.check.roles,
    menu: "Sending domain",
  },
  /** Where an invitation's link lands, once: for every role. */
  firstSignIn: { path: routerPath(consolePaths.firstSignIn), roles: sessionApi.invitation.roles },
  routing: {
    path: routerPath(consolePaths.routing),
    roles: routingApi.update.roles,
    menu: "Lead routing",
  },
  articles,
  newArticle,
  article,
  caseStudies,
  newCaseStudy,
  caseStudy,
  positions,
  newPosition,
  position,
  media: {
    path: routerPath(consolePaths.media),
    roles: mediaApi.list.roles,
    menu: "Pictures",
    group: WEBSITE,
  },
  /** The person's own passkeys and sessions: linked from the header, by their name. */
  account: { path: routerPath(consolePaths.account), roles: passkeysApi.list.roles },
} as const satisfies Record<string, ConsolePage>;

/** A page of the console, by the id the router, the navigation and the guards share. */
export type ConsolePageId = keyof typeof CONSOLE_PAGES;

const PAGE_IDS = Object.keys(CONSOLE_PAGES) as ConsolePageId[];

/** Whether a member of staff of `role` may open the page. */
export function mayOpen(staff: { role: StaffRole }, page: ConsolePageId): boolean {
  return roleAllows(staff.role, CONSOLE_PAGES[page].roles);
}

/** The navigation of a member of staff: the pages with a link that their role may open. */
export function menuFor(staff: {
  role: StaffRole;
}): { path: string; label: string; group?: string }[] {
  return PAGE_IDS.flatMap((id) => {
    const page: ConsolePage = CONSOLE_PAGES[id];
    if (!page.menu || !mayOpen(staff, id)) return [];
    return [{ path: page.path, label: page.menu, ...(page.group ? { group: page.group } : {}) }];
  });
}

/**
 * The page a member of staff starts on: the first of their navigation (sales and admins the
 * inbox, marketing the subscribers), else their account.
 */
export function startPageFor(staff: { role: StaffRole }): string {
  return menuFor(staff)[0]?.path ?? CONSOLE_PAGES.account.path;
}
