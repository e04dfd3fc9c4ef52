import { consolePaths } from "../../common/paths";
import { expect, expectNoA11yViolations, test } from "./fixtures";
import { expectLandedOn } from "./helpers";
import {
  SIGNED_OUT_ERRORS,
  addStaffAccount,
  requestSignInLink,
  signInAs,
  signInLinkFor,
  staffAddress,
} from "./staff";

test.use({ allowedErrors: SIGNED_OUT_ERRORS });

test("the console is for staff only: no cache, no index, signed-out visitors go to sign in", async ({
  page,
}) => {
  const response = await page.goto(`${consolePaths.leads}?status=new`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["cache-control"]).toBe("no-store");
  expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  await expectLandedOn(
    page,
    /\/staff\/sign-in\?next=%2Fstaff%2Fleads%3Fstatus%3Dnew$/,
    "Sign in to the staff console",
  );
  await expectNoA11yViolations(page, "on the sign-in page");

  const robots = await page.request.get("/robots.txt");
  expect(await robots.text()).toContain(`Disallow: ${consolePaths.console}`);
  const sitemap = await page.request.get("/sitemap.xml");
  expect(await sitemap.text()).not.toContain("/staff");
});

test("an e-mailed link signs in only when its button is pressed, once", async ({ page }) => {
  const email = staffAddress("sales");
  addStaffAccount(email, "sales", "Ama Mensah");
  const link = await requestSignInLink(page, email);

  // Opening the link (as a mail scanner would) signs nobody in and does not use it up.
  await page.goto(link);
  await page.goto(link);
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Console" })).toContainText("Leads");
  await expect(page.getByRole("link", { name: "Ama Mensah" })).toBeVisible();

  // Used once, it is spent: another browser opening it gets the refusal.
  const other = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const second = await other.newPage();
  await second.goto(link);
  await second.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(second.getByRole("alert")).toContainText("not valid any more");
  await other.close();
});

test("signing out ends the session on the server", async ({ page }) => {
  await signInAs(page, "sales");
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to the staff console");
  const me = await page.request.get("/api/staff/me");
  expect(me.status()).toBe(401);
  await page.goto(consolePaths.leads);
  await expect(page).toHaveURL(/\/staff\/sign-in/);
});

test("the e-mailed link brings the person back to the page they were going to", async ({
  page,
}) => {
  const email = staffAddress("admin");
  addStaffAccount(email, "admin");
  await page.goto(`${consolePaths.leads}?type=demo`);
  await expect(page).toHaveURL(/next=%2Fstaff%2Fleads%3Ftype%3Ddemo$/);
  await page.getByLabel("Work e-mail").fill(email);
  await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
  await expect(page.getByRole("status")).toContainText("sign-in link is on its way");
  const link = await signInLinkFor(email);
  expect(new URL(link).searchParams.get("next")).toBe(`${consolePaths.leads}?type=demo`);
  await page.goto(link);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/staff\/leads\?type=demo$/);
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
});

test("a sign-in page's next that leads out of the console opens the start page", async ({
  page,
}) => {
  const email = staffAddress("sales");
  addStaffAccount(email, "sales");
  await page.goto(`${consolePaths.signIn}?next=${encodeURIComponent("//evil.example/staff/")}`);
  await page.getByLabel("Work e-mail").fill(email);
  await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
  await expect(page.getByRole("status")).toContainText("sign-in link is on its way");
  const link = await signInLinkFor(email);
  expect(new URL(link).searchParams.has("next")).toBe(false);
  // A next added to the link by hand is checked again by the console.
  await page.goto(`${link}&next=${encodeURIComponent("/staff/../evil")}`);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/staff\/leads$/);
});
