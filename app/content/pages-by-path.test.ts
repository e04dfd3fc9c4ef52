import { describe, expect, it } from "vitest";
import {
  demoPaths,
  formStatusPaths,
  newsletterLinkPaths,
  newsletterStatusPaths,
  productPaths,
  servicePaths,
} from "@common/paths";
import { demoPages } from "./demos";
import { productPages } from "./products";
import { servicePages } from "./services";
import { newsletterLinkPages, statusPages } from "./status-pages";

// Route modules that serve several pages look their copy up by the page's path. The types
// already demand a page for every path; this says the same where a reader looks for it.
describe("pages that share a route module", () => {
  it.each([
    ["service", Object.values(servicePaths), servicePages],
    ["product", Object.values(productPaths), productPages],
    ["demo request", Object.values(demoPaths), demoPages],
    ["newsletter link", Object.values(newsletterLinkPaths), newsletterLinkPages],
    [
      "status",
      [...Object.values(newsletterStatusPaths), ...Object.values(formStatusPaths)],
      statusPages,
    ],
  ])("have copy for every %s path and for nothing else", (_name, paths, pages) => {
    expect(Object.keys(pages).sort()).toEqual([...paths].sort());
  });

  it("give each demo page the product its path stands for", () => {
    for (const [product, path] of Object.entries(demoPaths)) {
      expect(demoPages[path].product, path).toBe(product);
    }
  });

  it("point each product's Request a Demo link at a demo page", () => {
    const demos: readonly string[] = Object.values(demoPaths);
    for (const page of Object.values(productPages)) expect(demos).toContain(page.demoPath);
  });
});
