import { expect, it } from "vitest";
import { requestPathLogger } from "./request-log";
import type { SiteFile, SiteFiles } from "./static/site-files";

const page = {} as SiteFile;
const site: SiteFiles = {
  files: new Map([
    ["/", page],
    ["/about-us", page],
    ["/articles/mobile-money", page],
  ]),
  notFound: page,
};
const logged = requestPathLogger(site);
const request = (url: string, route?: string) => ({ url, routeOptions: { url: route } });

it("logs a path a route or page answers as it is, less addresses, numbers and the query", () => {
  expect(logged(request("/about-us?ref=x", "/*"))).toBe("/about-us");
  expect(logged(request("/articles/mobile-money", "/*"))).toBe("/articles/mobile-money");
  expect(logged(request("/api/staff/leads/contact_1?x=y", "/api/staff/leads/:id"))).toBe(
    "/api/staff/leads/contact_1",
  );
});

it("keeps of any other path only what cannot be personal, sections of the site named", () => {
  expect(logged(request("/Kwame-Mensah/0559211848", "/*"))).toBe("/[12]/[10]");
  expect(logged(request("/articles/kwame-mensah", "/*"))).toBe("/articles/[12]");
  expect(logged(request("/about-us/0559211848", "/*"))).toBe("/about-us/[10]");
  expect(logged(request("/api/Kwame-Mensah", "/api/*"))).toBe("/api/[12]");
  // No route at all (a method no route takes), or a line logged before routing.
  expect(logged(request("/ama/0244123456"))).toBe("/[3]/[10]");
  expect(logged({ url: "/ama/0244123456" })).toBe("/[3]/[10]");
  // Without the site (an API-only app), only the API's section is known.
  expect(requestPathLogger(undefined)(request("/articles/x", "/*"))).toBe("/[8]/[1]");
});
