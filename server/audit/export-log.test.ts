/**
 * A complete download of every export (the leads, subscribers, audit log and campaign recipients
 * as CSV, an access request's page) logs nothing at error level: an operator alerted on errors
 * must not be woken by a download that went well.
 */
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { testDialects } from "../testing/lead-api";
import { auditApi } from "../../staff-api/audit";
import { leadsApi } from "../../staff-api/leads";
import { peopleApi } from "../../staff-api/people";
import { subscribersApi } from "../../staff-api/subscribers";
import { addContact, addSubscriber, at } from "../testing/records";
import { signedInStaff, useStaffApi } from "../testing/staff-api";
import { campaignsApi } from "../../staff-api/newsletter";

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
    const campaign = await marketing.call(campaignsApi.create, {
      body: {
        subject: "News",
        markdown: "Hi",
      },
    });
    expect(campaign.statusCode, campaign.body).toBe(201);
    const recipients = { params: { id: String(campaign.json().id) } };
    const person = { query: { email: "ama@example.com", format: "html" } };
    const downloads = [
      ["leads", () => admin.call(leadsApi.exportCsv), "text/csv"],
      ["subscribers", () => marketing.call(subscribersApi.exportCsv), "text/csv"],
      ["audit log", () => admin.call(auditApi.exportCsv), "text/csv"],
      ["recipients", () => marketing.call(campaignsApi.recipientsCsv, recipients), "text/csv"],
      ["access request", () => admin.call(peopleApi.export, person), "text/html"],
    ] as const;
    lines.length = 0;
    for (const [name, download, type] of downloads) {
      const res = await download();
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      expect(res.headers["content-type"], name).toContain(type);
      expect(res.headers["content-disposition"], name).toMatch(/^attachment; filename="/);
    }
    // Every download is logged as completed, and none as failed.
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.filter((line) => line.msg === "request completed")).toHaveLength(downloads.length);
    expect(lines.filter((line) => line.level >= ERROR)).toEqual([]);
  });
});
