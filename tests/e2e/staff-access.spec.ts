import { readFile } from "node:fs/promises";
import type { Download } from "@playwright/test";
import { expect, expectNoA11yViolations } from "./fixtures";
import { test } from "./staff-session";
import { openConsolePage, visitorWhoWroteIn } from "./staff";

/** What a download holds, as text. */
async function contentOf(download: Download): Promise<string> {
  return readFile(await download.path(), "utf8");
}

test("an admin answers an access request and downloads the page to send and the data", async ({
  page,
  signedInAs,
}) => {
  const person = await visitorWhoWroteIn(page.request, "access", {
    firstName: "Adwoa",
    lastName: "<b>Owusu</b>",
    message: "Please call me about settlements.",
  });

  await signedInAs("admin");
  await openConsolePage(page, "Access request");
  await expectNoA11yViolations(page, "on the access request page");

  await page.getByLabel("E-mail address or phone number").fill(person);
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Found for" })).toContainText(
    `Found for ${person}: 1 lead`,
  );
  const found = page.getByRole("region", { name: "What we hold" });
  await expect(found).toContainText("Contact messages and demo requests");
  await expect(found).toContainText("1 lead");
  await expectNoA11yViolations(page, "with what was found");

  const [html] = await Promise.all([
    page.waitForEvent("download"),
    found.getByRole("link", { name: "Download the page to send them (HTML)" }).click(),
  ]);
  expect(html.suggestedFilename()).toMatch(/^access-request-\d{4}-\d{2}-\d{2}\.html$/);
  const pageText = await contentOf(html);
  expect(pageText).toContain(person);
  expect(pageText).toContain("&lt;b&gt;Owusu&lt;/b&gt;");
  expect(pageText).toContain("Please call me about settlements.");
  expect(pageText).toContain("Accra time");

  const [json] = await Promise.all([
    page.waitForEvent("download"),
    found.getByRole("link", { name: "Download the records as data (JSON)" }).click(),
  ]);
  expect(json.suggestedFilename()).toMatch(/^access-request-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await contentOf(json)) as {
    query: { by: string };
    leads: { fields: Record<string, string> }[];
  };
  expect(data.query.by).toBe("email");
  expect(data.leads).toHaveLength(1);
  expect(data.leads[0]!.fields).toMatchObject({ last_name: "<b>Owusu</b>", email: person });
});
