// @vitest-environment jsdom
import { afterEach, expect, it, vi } from "vitest";
import { startCurrentYear } from "./current-year";

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
});

it("shows the reader's year, not the build's, in the node that was there", () => {
  vi.useFakeTimers({ now: new Date("2031-01-02T08:00:00Z"), toFake: ["Date"] });
  document.body.innerHTML = `<p>© <span data-current-year>2026</span> Company</p>`;
  const node = document.querySelector("span")?.firstChild;
  startCurrentYear();
  expect(document.querySelector("p")?.textContent).toBe("© 2031 Company");
  // The same text node: React, where it hydrated the page, still holds it.
  expect(document.querySelector("span")?.firstChild).toBe(node);
});
