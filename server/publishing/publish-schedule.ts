/**
 * The scheduled publisher: every 15 s, the items whose time has come go on the site
 * (publishDue). Every instance runs it; publishDue's conditional UPDATE lets one of them publish
 * each item once. The site counts a due item as published even before the tick
 * (loadPublishedContent), so the tick's delay shows nowhere but in the console's status. A
 * failure is logged and the next tick tries again; it never stops the server.
 */
import type { DB } from "../db/database";
import { safeError } from "../privacy/log-safety";
import { publishDue } from "./publishing";

/** How often the schedule looks for items due. */
export const PUBLISH_EVERY_MS = 15_000;

export interface PublishScheduleLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface PublishSchedule {
  /** No further tick; waits for one under way to finish. */
  stop(): Promise<void>;
}

export function schedulePublishing({
  db,
  log,
  everyMs = PUBLISH_EVERY_MS,
  now = () => new Date(),
}: {
  db: DB;
  log: PublishScheduleLog;
  everyMs?: number;
  now?: () => Date;
}): PublishSchedule {
  let stopped = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const next = () => {
    if (stopped) return;
    // Unref'd: a pending tick never keeps the process alive on its own.
    timer = setTimeout(tick, everyMs);
    timer.unref();
  };
  const tick = () => {
    // Inside the promise: whatever fails, even before publishDue starts, the next tick comes.
    running = Promise.resolve()
      .then(() => publishDue(db, now()))
      .then(
        (published) => {
          if (published > 0) log.info({ published }, "publishing: scheduled items published");
        },
        (error: unknown) =>
          log.error(
            { err: safeError(error) },
            "publishing: scheduled run failed; next tick retries",
          ),
      )
      .finally(() => {
        running = undefined;
        next();
      });
  };
  next();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
