import { sql } from "kysely";
import type { DB } from "../../db/database";

export interface WindowLimit {
  /** Requests allowed per window. */
  max: number;
  windowMs: number;
}

/** The limits of the two sign-in endpoints, together. */
export interface SignInLimits {
  /** Per e-mail address asked for (its emailKey), whoever asks. */
  perEmail: WindowLimit;
  /** Per client (server/security/client-key.ts), whatever it asks for. */
  perClient: WindowLimit;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  perEmail: { max: 5, windowMs: 15 * 60_000 },
  perClient: { max: 20, windowMs: 15 * 60_000 },
};

export interface Hit {
  allowed: boolean;
  /** Seconds until the window ends (for Retry-After). */
  retryAfterSeconds: number;
}

/** Windows older than this are deleted now and then; none of the limits is longer. */
const KEEP_MS = 24 * 60 * 60_000;

/**
 * Counts one request against `key` in the current fixed window and says whether it is within
 * `limit`. The counter lives in the shared database, so the limit holds however many server
 * instances there are: one atomic upsert (`insert … on conflict do update … returning`), the
 * same statement on SQLite and PostgreSQL.
 */
export async function countHit(db: DB, key: string, limit: WindowLimit, now: Date): Promise<Hit> {
  const t = now.getTime();
  const start = Math.floor(t / limit.windowMs) * limit.windowMs;
  const row = await db
    .insertInto("staff_rate_limits")
    .values({ key, window_start: new Date(start).toISOString(), count: 1 })
    .onConflict((oc) =>
      oc
        .columns(["key", "window_start"])
        .doUpdateSet({ count: sql<number>`${sql.ref("staff_rate_limits.count")} + 1` }),
    )
    .returning("count")
    .executeTakeFirstOrThrow();
  // Now and then, forget windows long past.
  if (Math.random() < 0.01) {
    await db
      .deleteFrom("staff_rate_limits")
      .where("window_start", "<", new Date(t - KEEP_MS).toISOString())
      .execute();
  }
  return {
    allowed: Number(row.count) <= limit.max,
    retryAfterSeconds: Math.max(1, Math.ceil((start + limit.windowMs - t) / 1000)),
  };
}
