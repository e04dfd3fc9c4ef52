import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import type { RefusedForm } from "../../leads/refused-form";
import { apiPaths, demoPaths, pagePaths } from "../../common/paths";
import { type PageRenderer, loadPageRenderer } from "../static/page-renderer";
import {
  describeLeadRoutes,
  postForm,
  postJson,
  sampleContact,
  sampleDemo,
} from "../testing/lead-api";

/** The page that fails to render, as a broken build's would. */
const BROKEN_PAGE = demoPaths.aslan;
const PAGE_CSP = "default-src 'self'; script-src 'self' 'sha256-abc'";

/** A renderer that keeps what it was asked for and answers with a page naming it. */
function recordingPages(): PageRenderer & { asked: { pagePath: string; refused: RefusedForm }[] } {
  const asked: { pagePath: string; refused: RefusedForm }[] = [];
  return {
    asked,
    async refusedForm(pagePath, refused) {
      asked.push({ pagePath, refused });
      if (pagePath === BROKEN_PAGE) throw new Error("the page failed to render");
      return { html: `<!DOCTYPE html><title>Error: ${pagePath}</title>`, csp: PAGE_CSP };
    },
  };
}

const pages = recordingPages();

describeLeadRoutes(
  "a form posted without JavaScript and refused",
  (api) => {
    const submit = (url: string, fields: Record<string, string>) => postForm(api.app, url, fields);
    const lastAsked = () => pages.asked.at(-1);

    it("comes back to its own page with what was typed and each field's message, and stores nothing", async () => {
      const { agreeToPolicy: _unticked, ...fields } = sampleContact;
      const res = await submit(apiPaths.contact, { ...fields, phone: "abc", website: "" });

      expect(res.statusCode).toBe(400);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.body).toBe(`<!DOCTYPE html><title>Error: ${pagePaths.contactUs}</title>`);
      // The page's own policy (its inline script's hash), and no copy kept of what was typed.
      expect(res.headers["content-security-policy"]).toBe(PAGE_CSP);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(lastAsked()).toEqual({
        pagePath: pagePaths.contactUs,
        refused: {
          action: apiPaths.contact,
          values: { ...fields, phone: "abc" },
          errors: {
            phone: "Enter a phone number, like 024 123 4567 or +233 24 123 4567",
            agreeToPolicy: expect.stringMatching(/^Tick the box/),
          },
        },
      });
      expect(await api.db.selectFrom("contact_messages").selectAll().execute()).toHaveLength(0);
    });

    it("never shows the honeypot's value back", async () => {
      await submit(apiPaths.subscribe, { email: "not-an-address", website: "bot text" });
      expect(lastAsked()).toEqual({
        pagePath: pagePaths.home,
        refused: {
          action: apiPaths.subscribe,
          values: { email: "not-an-address" },
          errors: { email: expect.stringMatching(/^Enter an e-mail address in the right format/) },
        },
      });
    });

    it("brings a demo request back to its product's page", async () => {
      const res = await submit(apiPaths.demo, { product: "vas", ...sampleDemo.formData, name: "" });
      expect(res.statusCode).toBe(400);
      expect(lastAsked()?.pagePath).toBe(demoPaths.vas);
      expect(lastAsked()?.refused.errors).toEqual({ name: "Enter your name" });
    });

    it("lands on the generic page when there is no page to come back to or it fails to render", async () => {
      const before = pages.asked.length;
      const unknown = await submit(apiPaths.demo, { product: "other", ...sampleDemo.formData });
      expect(unknown.statusCode).toBe(303);
      expect(unknown.headers.location).toBe("/form/not-sent");
      expect(pages.asked).toHaveLength(before);

      const broken = await submit(apiPaths.demo, { product: "aslan", name: "" });
      expect(broken.statusCode).toBe(303);
      expect(broken.headers.location).toBe("/form/not-sent");
    });

    it("answers a script's JSON post with JSON, not a page", async () => {
      const before = pages.asked.length;
      const res = await postJson(api.app, apiPaths.subscribe, { email: "not-an-address" });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ fields: { email: expect.any(String) } });
      expect(pages.asked).toHaveLength(before);
    });
  },
  { pages },
);

it("has no renderer for a site the build wrote none beside", async () => {
  const siteDir = path.join(await mkdtemp(path.join(tmpdir(), "site-")), "client");
  expect(await loadPageRenderer(siteDir, { frameOrigins: [] })).toBeNull();
});
