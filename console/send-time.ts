/**
 * How long a campaign takes to send at the server's rate (NEWSLETTER_SEND_PER_MINUTE, which the
 * campaign's answer carries as `sendPerMinute`): the outbox sends no more than that a minute,
 * all instances together, so the number of copies over the rate is the time, give or take the
 * outbox's polling and the mail server's pace.
 */

const COUNT = new Intl.NumberFormat("en-GB");

const plural = (count: number, one: string, many: string) =>
  `${COUNT.format(count)} ${count === 1 ? one : many}`;

/** 12 → "about 12 minutes", 125 → "about 2 hours 5 minutes", 0.4 → "less than a minute". */
export function aboutMinutes(minutes: number): string {
  if (minutes < 1) return "less than a minute";
  const whole = Math.ceil(minutes);
  if (whole < 60) return `about ${plural(whole, "minute", "minutes")}`;
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  const inHours = plural(hours, "hour", "hours");
  return `about ${rest === 0 ? inHours : `${inHours} ${plural(rest, "minute", "minutes")}`}`;
}

/**
 * Before sending: "At the configured rate of 600 e-mails a minute, sending to 12,345
 * subscribers takes about 21 minutes."
 */
export function sendTimeSentence(subscribers: number, perMinute: number): string {
  return (
    `At the configured rate of ${plural(perMinute, "e-mail", "e-mails")} a minute, sending to ` +
    `${plural(subscribers, "subscriber", "subscribers")} takes ${aboutMinutes(subscribers / perMinute)}.`
  );
}

/** While sending, for the copies still waiting: "About 5 minutes left at the configured rate…" */
export function sendingTimeLeft(waiting: number, perMinute: number): string {
  const left = aboutMinutes(waiting / perMinute);
  return (
    `${left.charAt(0).toUpperCase()}${left.slice(1)} left at the configured rate of ` +
    `${plural(perMinute, "e-mail", "e-mails")} a minute.`
  );
}
