/**
 * The current year, for copyright lines: the year of the build in the prerendered HTML, set to
 * the reader's year by app/widgets/current-year.ts as soon as the page is parsed. React, on the
 * pages where it runs, renders the same year; the warning is silenced for the one case where the
 * two could differ (a page read across midnight on New Year's Eve while React starts).
 */
export function CurrentYear() {
  return (
    <span data-current-year="" suppressHydrationWarning>
      {String(new Date().getFullYear())}
    </span>
  );
}
