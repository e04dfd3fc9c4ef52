import { useSyncExternalStore } from "react";

// The year never needs to be watched while the page is open.
const subscribe = () => () => {};
const thisYear = () => String(new Date().getFullYear());

/**
 * The current year, for copyright lines. Pages are prerendered, so the HTML carries the year of
 * the build; a page built in December and read in January would otherwise show last year until
 * the next build. In the browser, hydration first renders an empty value (the text already in
 * the page stays, which is why the mismatch warning is silenced on this one element), then React
 * notices the real year differs and renders it. On later client-side navigation the current year
 * is rendered at once.
 */
export function CurrentYear() {
  const year = useSyncExternalStore(subscribe, thisYear, () =>
    typeof document === "undefined" ? thisYear() : "",
  );
  return <span suppressHydrationWarning>{year}</span>;
}
