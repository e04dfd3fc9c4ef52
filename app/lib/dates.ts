// Made on first use: creating an Intl formatter loads locale data, which costs a phone tens of
// milliseconds while the shared chunk is evaluated, on every page, most of which show no date.
let longDate: Intl.DateTimeFormat | undefined;

/** "2023-09-15" → "15 September 2023", the same on the server and in every browser. */
export function formatDate(isoDate: string): string {
  longDate ??= new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  return longDate.format(new Date(`${isoDate}T00:00:00Z`));
}
