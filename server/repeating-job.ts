/**
 * A job every instance runs over and over (the retention job, the scheduled publisher): the next
 * run starts `everyMs` after the previous one ends, so two never overlap; a failure is handed to
 * `failed` and the next run comes all the same, so a job never stops the server; and a pending
 * run never keeps the process alive on its own.
 */

export interface RepeatingJob {
  /** No further run; waits for one under way to finish. */
  stop(): Promise<void>;
}

export function repeatJob({
  run,
  failed,
  everyMs,
  firstAfterMs,
}: {
  run: () => Promise<void>;
  failed: (error: unknown) => void;
  everyMs: number;
  firstAfterMs: number;
}): RepeatingJob {
  let stopped = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const next = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(tick, delay);
    timer.unref();
  };
  const tick = () => {
    // Inside the promise: whatever fails, even before the job starts, the next run comes.
    running = Promise.resolve()
      .then(run)
      .catch(failed)
      .finally(() => {
        running = undefined;
        next(everyMs);
      });
  };
  next(firstAfterMs);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
