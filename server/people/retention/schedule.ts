/**
 * The server's daily run of the retention job (run.ts): once at start, then every 24 hours from
 * the end of the previous run. Every instance runs it; runs at once take turns and the later
 * finds nothing left, so no instance needs to be "the" one. A failure is logged and the job
 * tries again the next day; it never stops the server. See docs/decisions/0034-retention.md.
 */
import type { MailConfig } from "../../config";
import type { DB } from "../../db/database";
import { safeError } from "../../privacy/log-safety";
import { type RepeatingJob, repeatJob } from "../../repeating-job";
import type { RetentionPeriods } from "../../../common/retention";
import { DAY_MS, runRetention } from "./run";

export interface RetentionLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export type RetentionSchedule = RepeatingJob;

export function scheduleRetention({
  db,
  periods,
  mail,
  log,
  everyMs = DAY_MS,
  now = () => new Date(),
}: {
  db: DB;
  periods: RetentionPeriods;
  mail?: MailConfig;
  log: RetentionLog;
  everyMs?: number;
  now?: () => Date;
}): RetentionSchedule {
  return repeatJob({
    run: async () => {
      const counts = await runRetention(db, { asOf: now(), periods, mail });
      const any = Object.values(counts).some((count) => count > 0);
      log.info(
        { counts },
        `retention: ${any ? "expired personal data removed" : "nothing had expired"}`,
      );
    },
    failed: (error) =>
      log.error({ err: safeError(error) }, "retention run failed; it runs again in a day"),
    everyMs,
    firstAfterMs: 0,
  });
}
