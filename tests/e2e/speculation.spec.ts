import { consolePaths, newsletterLinkPaths, pagePaths, servicePaths } from "../../common/paths";
import { expect, gotoReady, test } from "./fixtures";

// The Speculation Rules of every public page (common/speculation-rules.ts): the page a visitor
// reaches for is fetched ahead, under the page's Content-Security-Policy, and never a page that
// acts on a token or belongs to the console. Chromium reports its speculations to DevTools.

test("a hovered link to a page is fetched ahead; the console and newsletter links are not", async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page);
  const ruleSets: { errorType?: string }[] = [];
  const fetchedAhead = new Set<string>();
  cdp.on("Preload.ruleSetUpdated", (event) => ruleSets.push(event.ruleSet));
  cdp.on("Preload.prefetchStatusUpdated", (event) => {
    fetchedAhead.add(new URL(event.prefetchUrl).pathname);
  });
  await cdp.send("Preload.enable");
  await gotoReady(page, pagePaths.paymentServices);
  await expect.poll(() => ruleSets.length).toBeGreaterThan(0);
  expect(ruleSets.map((set) => set.errorType ?? "none")).toEqual(["none"]);

  // Links the site never shows on a public page, added to test the rules' exclusions.
  await page.evaluate(
    (paths) => {
      for (const href of paths) {
        const link = document.createElement("a");
        link.href = href;
        link.textContent = `Go to ${href}`;
        document.querySelector("main")?.prepend(link, document.createElement("br"));
      }
    },
    [`${newsletterLinkPaths.confirm}?token=abc`, `${consolePaths.console}/leads`, "/api/staff/me"],
  );
  for (const name of [/newsletter\/confirm/, /staff\/leads/, /api\/staff/]) {
    await page.getByRole("link", { name }).hover();
    await page.waitForTimeout(400);
  }
  await page.locator(`main a[href="${servicePaths.collections}"]`).first().hover();
  await expect.poll(() => [...fetchedAhead]).toContain(servicePaths.collections);
  expect([...fetchedAhead]).toEqual([servicePaths.collections]);
});
