import { type NonIndexRouteObject, type RouteObject, redirect } from "react-router";
import { consolePaths } from "@common/paths";
import { routerPath } from "./api";
import { ConsoleShell } from "./components/console-shell";
import { ProblemScreen } from "./components/problem-screen";
import {
  AccessRequestPage,
  accessRequestAction,
  accessRequestLoader,
} from "./pages/access-request";
import { AccountPage, accountLoader, signOutAction } from "./pages/account";
import { AccountsPage, accountsAction, accountsLoader } from "./pages/accounts";
import { AuditPage, auditLoader } from "./pages/audit";
import { CampaignPage, campaignAction, campaignLoader } from "./pages/campaign";
import {
  CampaignsPage,
  NewCampaignPage,
  campaignsLoader,
  newCampaignAction,
} from "./pages/campaigns";
import { ContentItemPage, contentItemLoader } from "./pages/content-item";
import { ContentListPage, contentListLoader } from "./pages/content-list";
import type { ContentKind } from "@common/published";
import { EmailsPage, emailsLoader } from "./pages/emails";
import { MediaPage, mediaAction, mediaLoader } from "./pages/media";
import { ErasePage, eraseAction, eraseLoader } from "./pages/erase";
import { InboxPage, inboxAction, inboxLoader } from "./pages/inbox";
import { LeadPage, leadAction, leadLoader } from "./pages/lead";
import { withDuplicateActions } from "./components/lead-duplicate-actions";
import { NotFoundPage } from "./pages/not-found";
import { OutboxPage, outboxAction, outboxLoader } from "./pages/outbox";
import { ReportsPage, reportsLoader } from "./pages/reports";
import { RoutingPage, routingLoader } from "./pages/routing";
import { SendingDomainPage, sendingDomainLoader } from "./pages/sending-domain";
import { ServiceHoursPage, serviceHoursAction, serviceHoursLoader } from "./pages/service-hours";
import { SignInPage } from "./pages/sign-in";
import {
  SuppressionsPage,
  suppressionsAction,
  suppressionsLoader,
  suppressionsShouldRevalidate,
} from "./pages/suppressions";
import { WelcomePage, welcomeAction, welcomeLoader } from "./pages/welcome";
import { FirstSignInPage, firstSignInLoader } from "./pages/first-sign-in";
import { SubscribersPage, subscribersAction, subscribersLoader } from "./pages/subscribers";
import { CONSOLE_PAGES, type ConsolePageId, startPageFor } from "./console-pages";
import { SIGNED_IN_ROUTE, loadSignedIn, loadStaff, signedInShouldRevalidate } from "./session";

/** A published kind's list of items, and its editor (one page for a new item and a saved one). */
const contentList = (kind: ContentKind) => ({
  loader: contentListLoader(kind),
  element: <ContentListPage />,
});
const contentEditor = (kind: ContentKind) => ({
  loader: contentItemLoader(kind),
  element: <ContentItemPage />,
});

/**
 * What the router runs for each page of the table (console-pages.ts): its loader, action and
 * component. A page of the table left out here fails the typecheck.
 */
const PAGE_ROUTES: Record<
  ConsolePageId,
  Pick<NonIndexRouteObject, "loader" | "action" | "shouldRevalidate" | "element">
> = {
  leads: { loader: inboxLoader, action: inboxAction, element: <InboxPage /> },
  lead: { loader: leadLoader, action: withDuplicateActions(leadAction), element: <LeadPage /> },
  subscribers: {
    loader: subscribersLoader,
    action: subscribersAction,
    element: <SubscribersPage />,
  },
  reports: { loader: reportsLoader, element: <ReportsPage /> },
  campaigns: { loader: campaignsLoader, element: <CampaignsPage /> },
  newCampaign: { action: newCampaignAction, element: <NewCampaignPage /> },
  campaign: { loader: campaignLoader, action: campaignAction, element: <CampaignPage /> },
  welcome: { loader: welcomeLoader, action: welcomeAction, element: <WelcomePage /> },
  suppressions: {
    loader: suppressionsLoader,
    action: suppressionsAction,
    shouldRevalidate: suppressionsShouldRevalidate,
    element: <SuppressionsPage />,
  },
  accounts: { loader: accountsLoader, action: accountsAction, element: <AccountsPage /> },
  audit: { loader: auditLoader, element: <AuditPage /> },
  accessRequest: {
    loader: accessRequestLoader,
    action: accessRequestAction,
    element: <AccessRequestPage />,
  },
  erase: { loader: eraseLoader, action: eraseAction, element: <ErasePage /> },
  outbox: { loader: outboxLoader, action: outboxAction, element: <OutboxPage /> },
  emails: { loader: emailsLoader, element: <EmailsPage /> },
  sendingDomain: { loader: sendingDomainLoader, element: <SendingDomainPage /> },
  serviceHours: {
    loader: serviceHoursLoader,
    action: serviceHoursAction,
    element: <ServiceHoursPage />,
  },
  routing: { loader: routingLoader, element: <RoutingPage /> },
  account: { loader: accountLoader, element: <AccountPage /> },
  firstSignIn: { loader: firstSignInLoader, element: <FirstSignInPage /> },
  articles: contentList("article"),
  newArticle: contentEditor("article"),
  article: contentEditor("article"),
  caseStudies: contentList("caseStudy"),
  newCaseStudy: contentEditor("caseStudy"),
  caseStudy: contentEditor("caseStudy"),
  positions: contentList("position"),
  newPosition: contentEditor("position"),
  position: contentEditor("position"),
  media: { loader: mediaLoader, action: mediaAction, element: <MediaPage /> },
};

/**
 * The console's routes, relative to /staff (common/paths.ts, consolePaths). Every page but the
 * sign-in page sits under the signed-in layout, whose loader sends a signed-out visitor to sign
 * in; each of those is a page of the table, its route's id the page's.
 */
export const consoleRoutes: RouteObject[] = [
  {
    path: routerPath(consolePaths.signIn),
    element: <SignInPage />,
    errorElement: <ProblemScreen />,
  },
  { path: routerPath(consolePaths.signOut), action: signOutAction },
  {
    id: SIGNED_IN_ROUTE,
    loader: loadSignedIn,
    shouldRevalidate: signedInShouldRevalidate,
    element: <ConsoleShell />,
    errorElement: <ProblemScreen />,
    children: [
      {
        errorElement: <ProblemScreen />,
        children: [
          {
            index: true,
            loader: async (args) => redirect(startPageFor(await loadStaff(args))),
          },
          ...(Object.keys(CONSOLE_PAGES) as ConsolePageId[]).map((id) => ({
            id,
            path: CONSOLE_PAGES[id].path,
            ...PAGE_ROUTES[id],
          })),
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
