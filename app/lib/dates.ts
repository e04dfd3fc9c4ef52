const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * "2023-09-15" → "15 September 2023", the same on the server and in every browser. Written out
 * rather than with Intl.DateTimeFormat: creating the first formatter loads locale data, which
 * took a throttled phone about 95 ms in the middle of hydrating a policy page (one long task).
 * The content loader has already checked that the dates are ISO dates.
 */
export function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  const monthName = MONTHS[(month ?? 0) - 1];
  if (!year || !monthName || !day) throw new RangeError(`Not an ISO date: ${isoDate}`);
  return `${day} ${monthName} ${year}`;
}
