import { describe, expect, it } from "vitest";
import { DEFAULT_RETENTION } from "../../../common/retention";
import { addSubscriber } from "../../testing/records";
import { testDatabase } from "../../testing/lead-api";
import { scheduleRetention } from "./schedule";

/** Waits until `done()` holds, checking every few milliseconds. */
async function until(done: () => boolean) {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(done()).toBe(true);
}

describe("the daily retention run", () => {
  it("runs at start and again each period, logs a failure and keeps going, stops on close", async () => {
    const db = await testDatabase();
    await addSubscriber({ db }, "2020-01-01T00:00:00.000Z");
    const logged: string[] = [];
    const log = {
      info: (obj: object, msg: string) => logged.push(`${msg} ${JSON.stringify(obj)}`),
      error: (obj: object, msg: string) => logged.push(msg),
    };
    const schedule = scheduleRetention({ db, periods: DEFAULT_RETENTION, log, everyMs: 10 });
    await until(() => logged.length >= 2);
    expect(logged[0]).toMatch(/removed .*"pending_subscriptions":1/);
    expect(logged[1]).toMatch(/"pending_subscriptions":0/);

    await db.destroy(); // the database goes away: the run fails, the server does not
    await until(() => logged.some((line) => line.startsWith("retention run failed")));
    await schedule.stop();
    const after = logged.length;
    await new Promise((r) => setTimeout(r, 50));
    expect(logged).toHaveLength(after);
  });
});
