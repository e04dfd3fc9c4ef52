const longDate = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "2023-09-15" → "15 September 2023", the same on the server and in every browser. */
export const formatDate = (isoDate: string) => longDate.format(new Date(`${isoDate}T00:00:00Z`));
