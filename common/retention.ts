/**
 * How long personal data is kept (docs/personal-data.md#retention): read from the environment
 * once, by the server's config (server/config.ts) for the daily job (server/people/retention/) and by
 * the site's build for the privacy notice, so the notice states the periods the job applies.
 * Imports zod only: the prerendered site's build reads it too.
 */
import { z } from "zod";

export interface RetentionPeriods {
  /** A closed contact or demo lead is anonymised this many months after its last activity. */
  leadMonths: number;
  /** A newsletter sign-up never confirmed is deleted this many days after it was made. */
  pendingSubscriptionDays: number;
  /** A message's body leaves the outbox this many days after it was queued, once sent or given up. */
  messageBodyDays: number;
}

/** The server configuration's part (server/config.ts): the periods the daily job applies. */
export interface RetentionConfig {
  retention: RetentionPeriods;
}

export const DEFAULT_RETENTION: RetentionPeriods = {
  leadMonths: 24,
  pendingSubscriptionDays: 30,
  messageBodyDays: 90,
};

/** A whole number of `unit`, at least 1; unset or blank: the default. */
function period(fallback: number, unit: string, max: number) {
  const message = `must be a whole number of ${unit} from 1 to ${max}`;
  return z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.coerce
      .number({ error: message })
      .int({ error: message })
      .min(1, { error: message })
      .max(max, { error: message })
      .default(fallback),
  );
}

/** The variables, to spread into the server's environment schema (server/config.ts). */
export const RetentionEnv = {
  LEAD_RETENTION_MONTHS: period(DEFAULT_RETENTION.leadMonths, "months", 1200),
  PENDING_SUBSCRIPTION_DAYS: period(DEFAULT_RETENTION.pendingSubscriptionDays, "days", 36500),
  MESSAGE_BODY_RETENTION_DAYS: period(DEFAULT_RETENTION.messageBodyDays, "days", 36500),
};

const RetentionEnvSchema = z.object(RetentionEnv);
type ParsedRetentionEnv = z.infer<typeof RetentionEnvSchema>;

/** The periods from variables that passed RetentionEnv. */
export function retentionPeriods(env: ParsedRetentionEnv): RetentionPeriods {
  return {
    leadMonths: env.LEAD_RETENTION_MONTHS,
    pendingSubscriptionDays: env.PENDING_SUBSCRIPTION_DAYS,
    messageBodyDays: env.MESSAGE_BODY_RETENTION_DAYS,
  };
}

/** The periods of an environment; throws naming the variable that is not a period. */
export function retentionFromEnv(env: Record<string, string | undefined>): RetentionPeriods {
  const parsed = RetentionEnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
    throw new Error(`Invalid environment: ${problems.join("; ")}`);
  }
  return retentionPeriods(parsed.data);
}

/** Which variable sets each period, for messages that tell an operator what to change. */
export const RETENTION_VARIABLES: Record<keyof RetentionPeriods, keyof typeof RetentionEnv> = {
  leadMonths: "LEAD_RETENTION_MONTHS",
  pendingSubscriptionDays: "PENDING_SUBSCRIPTION_DAYS",
  messageBodyDays: "MESSAGE_BODY_RETENTION_DAYS",
};

/** The variables whose periods differ between two sets (say, a build's and the environment's). */
export function differingPeriods(a: RetentionPeriods, b: RetentionPeriods): string[] {
  return (Object.keys(RETENTION_VARIABLES) as (keyof RetentionPeriods)[])
    .filter((key) => a[key] !== b[key])
    .map((key) => RETENTION_VARIABLES[key]);
}

/** A period in words, as the privacy notice and the command line say it: "24 months", "1 day". */
export function periodWords(count: number, unit: "month" | "day"): string {
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}
