/**
 * The scheduled publisher: every 15 s, the items whose time has come go on the site
 * (publishDue). Every instance runs it; publishDue's conditional UPDATE lets one of them publish
 * each item once. The site counts a due item as published even before the tick
 * (loadPublishedContent), so the tick's delay shows nowhere but in the console's status. A
 * failure is logged and the next tick tries again; it never stops the server.
 */
import type { DB } from "../db/database";
import { safeError } from "../privacy/log-safety";
import { type RepeatingJob, repeatJob } from "../repeating-job";
import { publishDue } from "./publishing";

/** How often the schedule looks for items due. */
export const PUBLISH_EVERY_MS = 15_000;

export interface PublishScheduleLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export type PublishSchedule = RepeatingJob;

/** The database to publish in and where to log; the interval and the clock for tests. */
interface PublishScheduleOptions {
  db: DB;
  log: PublishScheduleLog;
  everyMs?: number;
  now?: () => Date;
}

export function schedulePublishing(options: PublishScheduleOptions): PublishSchedule {
  const { db, log, everyMs = PUBLISH_EVERY_MS, now = () => new Date() } = options;
  return repeatJob({
    run: async () => {
      const published = await publishDue(db, now());
      if (published > 0) log.info({ published }, "publishing: scheduled items published");
    },
    failed: (error) =>
      log.error({ err: safeError(error) }, "publishing: scheduled run failed; next tick retries"),
    everyMs,
    firstAfterMs: everyMs,
  });
}
