import { describe, expect, it, vi } from "vitest";
import { sqliteOnly } from "../db/testing/databases";
import { articlesApi } from "../../staff-api/publishing";
import { useStaffApi } from "../testing/staff-api";
import { schedulePublishing } from "./publish-schedule";
import { marketer, newArticle } from "./publishing.testing";

// The server's schedule: ticks publish what is due, a failure is logged and the next tick runs,
// and stopping ends the ticks.
describe.each(sqliteOnly)("the publishing schedule on $name", ({ url }) => {
  const api = useStaffApi(url);

  it("publishes a due item at its next tick, logs a failed tick and goes on, and stops", async () => {
    const akosua = await marketer(api);
    const { id } = await newArticle(akosua);
    const at = new Date(api.clock.now.getTime() + 60_000).toISOString();
    await akosua.call(articlesApi.publish, { params: { id }, body: { at } });
    const log = { info: vi.fn(), error: vi.fn() };
    let failOnce = true;
    const schedule = schedulePublishing({
      db: api.db,
      log,
      everyMs: 5,
      now: () => {
        if (failOnce) {
          failOnce = false;
          throw new Error("clock away");
        }
        return new Date(api.clock.now.getTime() + 60_000);
      },
    });
    try {
      await vi.waitFor(() =>
        expect(log.info).toHaveBeenCalledWith({ published: 1 }, expect.any(String)),
      );
      expect(log.error).toHaveBeenCalledTimes(1);
    } finally {
      await schedule.stop();
    }
    const item = await api.db.selectFrom("content_items").select("status").executeTakeFirst();
    expect(item?.status).toBe("published");
  });
});
