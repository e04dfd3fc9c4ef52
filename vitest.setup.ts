import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// findBy… and waitFor wait up to 10 s for what a user would see: the limit catches what never
// shows, not a busy machine (npm test runs these beside the build and the static checks on two
// cores, where a route's first render took over the default second).
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no matchMedia; browsers always do. Components that read a media query (reduced
// motion) see "no match" unless a test stubs its own.
if (typeof window !== "undefined" && typeof window.matchMedia !== "function") {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

afterEach(() => {
  cleanup();
});
