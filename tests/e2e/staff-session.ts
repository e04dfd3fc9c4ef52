import type { APIRequest, APIRequestContext } from "@playwright/test";
import { consolePaths } from "../../common/paths";
import { sessionApi } from "../../staff-api/session";
import { STAFF_ORIGIN } from "../../playwright.config";
import { expect, test as base } from "./fixtures";
import { type StaffRole, addStaffAccount, signInLinkFor, staffAddress } from "./staff";

// Staff tests whose subject is not signing in start signed in: one account and one session per
// role and worker, made the way the real flow makes them (the command line, then the sign-in
// API's link and verify), without a browser. Signing in through the page takes seconds a test;
// this takes about a second a role, once per worker. The session is an ordinary one: the server
// checks it on every request as it checks any other.

/** A member of staff whose session a test's browser holds. */
export interface StaffMember {
  email: string;
  name: string;
  role: StaffRole;
}

type SessionCookies = Awaited<ReturnType<APIRequestContext["storageState"]>>["cookies"];

interface StaffSession extends StaffMember {
  cookies: SessionCookies;
}

/** The name each role's account is given: the console and the audit log show it. */
export const STAFF_NAMES: Record<StaffRole, string> = {
  admin: "Yaa Admin",
  sales: "Kwame Asante",
  marketing: "Akos Ofori",
};

/** A new account of `role`, signed in by the e-mailed link through the API; its cookie. */
async function openSession(request: APIRequest, role: StaffRole): Promise<StaffSession> {
  const email = staffAddress(role);
  const name = STAFF_NAMES[role];
  addStaffAccount(email, role, name);
  const api = await request.newContext({ baseURL: STAFF_ORIGIN });
  try {
    const asked = await api.post(sessionApi.requestLink.path, { data: { email } });
    expect(asked.status(), await asked.text()).toBe(202);
    const token = new URL(await signInLinkFor(email)).searchParams.get("token");
    const verified = await api.post(sessionApi.verify.path, { data: { token } });
    expect(verified.status(), await verified.text()).toBe(200);
    const { cookies } = await api.storageState();
    expect(cookies, "the session cookie").toHaveLength(1);
    return { email, name, role, cookies };
  } finally {
    await api.dispose();
  }
}

interface StaffSessions {
  /** This worker's session of `role`, opened on first use. */
  shared(role: StaffRole): Promise<StaffSession>;
  /** A session of a new account, for a test that changes or tries to change its own account. */
  own(role: StaffRole): Promise<StaffSession>;
}

/**
 * `signedInAs(role)` puts the session of `role` into the test's browser and opens the console's
 * start page for it (the Leads for sales and admins, the Subscribers for marketing), as the real
 * sign-in leaves it; `{ own: true }` makes the account the test's alone. Called again with another
 * role, it replaces the session: the server sets one cookie, of one name.
 */
export const test = base.extend<
  {
    signedInAs: (role: StaffRole, options?: { own?: boolean }) => Promise<StaffMember>;
  },
  { staffSessions: StaffSessions }
>({
  staffSessions: [
    async ({ playwright }, use) => {
      const opened = new Map<StaffRole, Promise<StaffSession>>();
      await use({
        shared(role) {
          let session = opened.get(role);
          if (!session) opened.set(role, (session = openSession(playwright.request, role)));
          return session;
        },
        own: (role) => openSession(playwright.request, role),
      });
    },
    { scope: "worker" },
  ],
  signedInAs: async ({ page, staffSessions }, use) => {
    await use(async (role, { own = false } = {}) => {
      const { cookies, ...member } = await (own
        ? staffSessions.own(role)
        : staffSessions.shared(role));
      await page.context().addCookies(cookies);
      await page.goto(consolePaths.console);
      await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();
      return member;
    });
  },
});
