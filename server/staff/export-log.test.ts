/**
 * A complete download of every export (the leads, subscribers, audit log and campaign recipients
 * as CSV, an access request's page) logs nothing at error level: an operator alerted on errors
 * must not be woken by a download that went well.
 */
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { withId } from "../../common/paths";
import { testDialects } from "../testing";
import { staffApiPaths } from "./paths";
import { addContact, addSubscriber, at } from "./test-records";
import { signedInStaff, useStaffApi } from "./testing";

/** pino's level of `error`: 50 and above is an error or worse. */
const ERROR = 50;

describe.each(testDialects)("the exports' log on $name", ({ url }) => {
  const logs = new PassThrough();
  const lines: Array<{ level: number; msg?: string; err?: unknown }> = [];
  let partial = "";
  logs.on("data", (chunk: Buffer) => {
    const text = partial + chunk.toString();
    const complete = text.split("\n");
    partial = complete.pop() ?? "";
    for (const line of complete) if (line) lines.push(JSON.parse(line));
  });
  const api = useStaffApi(url, { config: { logLevel: "info" }, logStream: logs });

  it("holds no error after a complete download of each export", async () => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const marketing = await signedInStaff(api, "marketing@example.com", "marketing");
    await addContact(api, at(0), { email: "ama@example.com" });
    await addSubscriber(api, at(1), { email: "yaa@example.com" });
    const campaign = await marketing.send("POST", staffApiPaths.campaigns, {
      subject: "News",
      markdown: "Hi",
    });
    expect(campaign.statusCode, campaign.body).toBe(201);
    const downloads = [
      [admin, staffApiPaths.leadsCsv, "text/csv"],
      [marketing, staffApiPaths.subscribersCsv, "text/csv"],
      [admin, staffApiPaths.auditCsv, "text/csv"],
      [
        marketing,
        withId(staffApiPaths.campaignRecipientsCsv, String(campaign.json().id)),
        "text/csv",
      ],
      [admin, `${staffApiPaths.peopleExport}?email=ama%40example.com&format=html`, "text/html"],
    ] as const;
    lines.length = 0;
    for (const [staff, path, type] of downloads) {
      const res = await staff.get(path);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
      expect(res.headers["content-type"], path).toContain(type);
      expect(res.headers["content-disposition"], path).toMatch(/^attachment; filename="/);
    }
    // Every download is logged as completed, and none as failed.
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.filter((line) => line.msg === "request completed")).toHaveLength(downloads.length);
    expect(lines.filter((line) => line.level >= ERROR)).toEqual([]);
  });
});
