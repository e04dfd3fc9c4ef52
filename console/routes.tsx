import { type RouteObject, redirect } from "react-router";
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
import { EmailsPage, emailsLoader } from "./pages/emails";
import { ErasePage, eraseAction, eraseLoader } from "./pages/erase";
import { InboxPage, inboxLoader } from "./pages/inbox";
import { LeadPage, leadAction, leadLoader } from "./pages/lead";
import { NotFoundPage } from "./pages/not-found";
import { OutboxPage, outboxAction, outboxLoader } from "./pages/outbox";
import { ReportsPage, reportsLoader } from "./pages/reports";
import { SendingDomainPage, sendingDomainLoader } from "./pages/sending-domain";
import { SignInPage } from "./pages/sign-in";
import {
  SuppressionsPage,
  suppressionsAction,
  suppressionsLoader,
  suppressionsShouldRevalidate,
} from "./pages/suppressions";
import { WelcomePage, welcomeAction, welcomeLoader } from "./pages/welcome";
import { SubscribersPage, subscribersAction, subscribersLoader } from "./pages/subscribers";
import { SIGNED_IN_ROUTE, loadStaff, startPageFor } from "./session";

/**
 * The console's pages, relative to /staff (common/paths.ts, consolePaths). Every page but the
 * sign-in page sits under the signed-in layout, whose loader sends a signed-out visitor to sign in.
 * The server checks the role of every request; the pages only leave out what a role cannot open.
 */
export const consoleRoutes: RouteObject[] = [
  { path: "/sign-in", element: <SignInPage />, errorElement: <ProblemScreen /> },
  { path: "/sign-out", action: signOutAction },
  {
    id: SIGNED_IN_ROUTE,
    loader: loadStaff,
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
          { path: "leads", loader: inboxLoader, element: <InboxPage /> },
          { path: "leads/:id", loader: leadLoader, action: leadAction, element: <LeadPage /> },
          {
            path: "subscribers",
            loader: subscribersLoader,
            action: subscribersAction,
            element: <SubscribersPage />,
          },
          { path: "reports", loader: reportsLoader, element: <ReportsPage /> },
          { path: "newsletter/campaigns", loader: campaignsLoader, element: <CampaignsPage /> },
          {
            path: "newsletter/campaigns/new",
            action: newCampaignAction,
            element: <NewCampaignPage />,
          },
          {
            path: "newsletter/campaigns/:id",
            loader: campaignLoader,
            action: campaignAction,
            element: <CampaignPage />,
          },
          {
            path: "newsletter/welcome",
            loader: welcomeLoader,
            action: welcomeAction,
            element: <WelcomePage />,
          },
          {
            path: "suppressions",
            loader: suppressionsLoader,
            action: suppressionsAction,
            shouldRevalidate: suppressionsShouldRevalidate,
            element: <SuppressionsPage />,
          },
          { path: "account", loader: accountLoader, element: <AccountPage /> },
          {
            path: "admin/accounts",
            loader: accountsLoader,
            action: accountsAction,
            element: <AccountsPage />,
          },
          { path: "admin/audit", loader: auditLoader, element: <AuditPage /> },
          {
            path: "admin/access-request",
            loader: accessRequestLoader,
            action: accessRequestAction,
            element: <AccessRequestPage />,
          },
          { path: "admin/erase", loader: eraseLoader, action: eraseAction, element: <ErasePage /> },
          {
            path: "admin/outbox",
            loader: outboxLoader,
            action: outboxAction,
            element: <OutboxPage />,
          },
          { path: "admin/emails", loader: emailsLoader, element: <EmailsPage /> },
          {
            path: "admin/sending-domain",
            loader: sendingDomainLoader,
            element: <SendingDomainPage />,
          },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
