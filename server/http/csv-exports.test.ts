/**
 * The CSV exports (and the leads' Excel export, which streams the same way) while other requests
 * come in. better-sqlite3 answers every query at once, so an export on SQLite never waits for the
 * database: unless it gives the event loop a turn between chunks itself, nothing else is answered
 * until its last row is sent (a 100,000-lead export held the server for 19 s). On PostgreSQL each
 * batch waits for the network anyway.
 */
import { randomUUID } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { LightMyRequestResponse as Answer } from "fastify";
import { type Insertable, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { apiPaths } from "../../common/paths";
import type { Database } from "../db/schema";
import { subscriptionRow, testDialects } from "../testing/lead-api";
import { CSV_CHUNK_ROWS } from "./csv-stream";
import { auditApi } from "../../staff-api/audit";
import { leadsApi } from "../../staff-api/leads";
import { subscribersApi } from "../../staff-api/subscribers";
import type { StaffClient } from "../testing/staff-client";
import { csvLines } from "../testing/checks";
import { aMinuteAgo, contactRow } from "../testing/records";
import { type StaffApi, signedInStaff, useStaffApi } from "../testing/staff-api";
import { exportedSheet } from "../testing/workbook";

/** Enough rows for several chunks, so that a turn between chunks is one before the last byte. */
const ROWS = CSV_CHUNK_ROWS * 4 + 7;

/** Stores `rows` a few hundred at a time: both databases cap the parameters of one statement. */
async function insertInBatches<
  T extends "contact_messages" | "newsletter_subscriptions" | "audit_log",
>(api: StaffApi, table: T, rows: Insertable<Database[T]>[]) {
  for (let i = 0; i < rows.length; i += 200) {
    await api.db
      .insertInto(table)
      .values(rows.slice(i, i + 200))
      .execute();
  }
}

const addContacts = (api: StaffApi, count: number) =>
  insertInBatches(
    api,
    "contact_messages",
    Array.from({ length: count }, (_, i) =>
      contactRow(aMinuteAgo(api), {
        last_name: `Mensah ${i}`,
        email: `export.${i}.${randomUUID().slice(0, 8)}@example.com`,
      }),
    ),
  );

const addSubscribers = (api: StaffApi, count: number) =>
  insertInBatches(
    api,
    "newsletter_subscriptions",
    Array.from({ length: count }, (_, i) =>
      subscriptionRow(
        `reader.${i}.${randomUUID().slice(0, 8)}@example.com`,
        "confirmed",
        aMinuteAgo(api),
      ),
    ),
  );

const addAuditEntries = (api: StaffApi, actor: { id: string; email: string }, count: number) =>
  insertInBatches(
    api,
    "audit_log",
    Array.from({ length: count }, () => ({
      id: randomUUID(),
      at: aMinuteAgo(api),
      actor_id: actor.id,
      actor_email: actor.email,
      action: "lead.view",
      record_type: "lead",
      record_id: `contact_${randomUUID()}`,
      detail: "{}",
    })),
  );

describe.each(testDialects)("CSV exports while other requests come in ($name)", ({ url }) => {
  const api = useStaffApi(url);

  /**
   * Starts the export, then asks `/api/health` on the next turn of the event loop, as a request
   * arriving on another connection would be read; returns both answers in the order they came.
   */
  async function exportBesideHealth(
    download: (staff: StaffClient) => Promise<Answer>,
    cookie: string,
  ) {
    const answered: string[] = [];
    const exported = download(api.as(cookie)).then((r) => {
      answered.push("export");
      return r;
    });
    const health = nextTurn()
      .then(() => api.app.inject({ method: "GET", url: apiPaths.health }))
      .then((r) => {
        answered.push("health");
        return r;
      });
    const [res, healthRes] = await Promise.all([exported, health]);
    return { res, healthRes, answered };
  }

  const exports = [
    {
      name: "leads",
      download: (staff: StaffClient) => staff.call(leadsApi.exportCsv),
      countHeader: "x-lead-count",
      seed: (api: StaffApi) => addContacts(api, ROWS),
    },
    {
      name: "subscribers",
      download: (staff: StaffClient) => staff.call(subscribersApi.exportCsv),
      countHeader: "x-row-count",
      seed: (api: StaffApi) => addSubscribers(api, ROWS),
    },
    {
      name: "audit log",
      download: (staff: StaffClient, actor: string) =>
        staff.call(auditApi.exportCsv, { query: { actor } }),
      countHeader: "x-row-count",
      seed: (api: StaffApi, actor: { id: string; email: string }) =>
        addAuditEntries(api, actor, ROWS),
    },
  ];

  it.each(exports)(
    "answers /api/health before the last byte of the $name export, which is complete",
    async ({ download, countHeader, seed }) => {
      const email = `admin.${randomUUID().slice(0, 8)}@example.com`;
      const { account, cookie } = await signedInStaff(api, email, "admin");
      await seed(api, { id: account.id, email });
      const { res, healthRes, answered } = await exportBesideHealth(
        (staff) => download(staff, email),
        cookie,
      );
      expect(healthRes.statusCode).toBe(200);
      expect(res.statusCode).toBe(200);
      expect(answered).toEqual(["health", "export"]);
      const rows = csvLines(res).slice(1);
      expect(rows.length).toBe(Number(res.headers[countHeader]));
      expect(rows.length).toBeGreaterThanOrEqual(ROWS);
      expect(new Set(rows.map((row) => row.split(",")[0])).size).toBe(rows.length);
    },
    60_000,
  );

  it("answers /api/health before the last byte of the leads' Excel export, which is complete", async () => {
    const { cookie } = await signedInStaff(api, "sales@example.com", "sales");
    await addContacts(api, ROWS);
    const { res, healthRes, answered } = await exportBesideHealth(
      (staff) => staff.call(leadsApi.exportXlsx),
      cookie,
    );
    expect(healthRes.statusCode).toBe(200);
    expect(answered).toEqual(["health", "export"]);
    const { rows } = await exportedSheet(res, "leads");
    expect(rows.length).toBe(Number(res.headers["x-lead-count"]));
    expect(rows.length).toBeGreaterThanOrEqual(ROWS);
  }, 60_000);

  it.runIf(!url)(
    "reads a batch of subscribers off an index in the export's order, not by sorting them all",
    async () => {
      // The page query of newsletter/subscribers/subscribers.ts, at a cursor deep in the table:
      // SQLite walks the (created_at, id) index from the cursor and stops after a batch.
      const at = "2026-11-01T00:00:00.000Z";
      const { rows } = await sql<{ detail: string }>`explain query plan
        select id from newsletter_subscriptions
        where created_at < ${at} and (created_at < ${at} or (created_at = ${at} and id < ${"m"}))
        order by created_at desc, id desc limit 500`.execute(api.db);
      const plan = rows.map((row) => row.detail).join("; ");
      expect(plan).toMatch(/USING (COVERING )?INDEX newsletter_subscriptions_created_at_id/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    },
  );
});
