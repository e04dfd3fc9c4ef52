import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_RETENTION } from "../../../common/retention";
import { RETENTION_RECORD, assertSiteStatesPeriods, writeRetentionRecord } from "./build-record";

describe("the retention periods a build states", () => {
  it("let the server start only with the periods the privacy notice states", async () => {
    const site = await mkdtemp(path.join(tmpdir(), "site-"));
    expect(assertSiteStatesPeriods(site, DEFAULT_RETENTION)).toBe(false); // not a build of ours

    await writeRetentionRecord(site, { ...DEFAULT_RETENTION, leadMonths: 12 });
    expect(assertSiteStatesPeriods(site, { ...DEFAULT_RETENTION, leadMonths: 12 })).toBe(true);
    expect(() => assertSiteStatesPeriods(site, DEFAULT_RETENTION)).toThrow(
      /^LEAD_RETENTION_MONTHS is 24 but the built privacy notice says 12\. Build the site again/,
    );
  });

  it("are recorded with each variable's default, as scripts/ensure-build.js reads them", async () => {
    const site = await mkdtemp(path.join(tmpdir(), "site-"));
    await writeRetentionRecord(site, { ...DEFAULT_RETENTION, messageBodyDays: 30 });
    expect(JSON.parse(await readFile(path.join(site, RETENTION_RECORD), "utf8"))).toEqual({
      LEAD_RETENTION_MONTHS: { value: 24, default: 24 },
      PENDING_SUBSCRIPTION_DAYS: { value: 30, default: 30 },
      MESSAGE_BODY_RETENTION_DAYS: { value: 30, default: 90 },
    });
    await writeFile(path.join(site, RETENTION_RECORD), "{ not json");
    expect(assertSiteStatesPeriods(site, DEFAULT_RETENTION)).toBe(false);
  });
});
