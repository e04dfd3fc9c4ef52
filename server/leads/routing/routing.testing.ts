import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { apiPaths } from "../../../common/paths";
import type { DemoProduct } from "../../../leads/demo";
import type { LeadType } from "../../../leads/workflow";
import { type RoutingRule, routingApi } from "../../../staff-api/routing";
import { postJson, sampleContact, sampleDemo } from "../../testing/lead-api";
import type { OutboxKind } from "../../db/schema";
import { type StaffApi, signedInStaff } from "../../testing/staff-api";
import { ANY_VERSION, type StaffClient } from "../../testing/staff-client";
import { queuedPayloads } from "../../testing/records";

// What the routing tests share: rules saved as the console saves them, leads posted through the
// public forms, and who owns them, read from the database.

/** Signed in, the team both routing test files start from: an admin, and Ama and Kofi in sales. */
export async function adminAndSales(api: StaffApi) {
  const admin = await signedInStaff(api, "admin@example.com", "admin");
  const ama = await signedInStaff(api, "ama@example.com", "sales");
  const kofi = await signedInStaff(api, "kofi@example.com", "sales");
  return { admin, ama, kofi };
}

/** Saves `rules` as `admin`, naming the current version, and expects a 200. */
export async function saveRouting(admin: StaffClient, rules: RoutingRule[]) {
  const res = await admin.call(routingApi.update, { body: { rules }, headers: ANY_VERSION });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

let posted = 0;

/** Posts a lead through its public form on `app` (a demo for `product`); answers its row's id. */
export async function postLead(
  api: StaffApi,
  app: FastifyInstance,
  type: LeadType,
  product: DemoProduct = "aslan",
): Promise<string> {
  // Each lead its own address, so that the newest row is this one's.
  const email = `visitor-${++posted}@example.com`;
  const res =
    type === "contact"
      ? await postJson(app, apiPaths.contact, { ...sampleContact, email })
      : await postJson(app, apiPaths.demo, {
          ...sampleDemo,
          product,
          formData: { ...sampleDemo.formData, email },
        });
  expect(res.statusCode, res.body).toBe(201);
  const table = type === "contact" ? "contact_messages" : "demo_requests";
  const row = await api.db
    .selectFrom(table)
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The address of the owner of lead row `id`; null when it has none. */
export async function ownerOf(api: StaffApi, id: string): Promise<string | null> {
  const row = await api.db
    .selectFrom("lead_states")
    .innerJoin("staff_accounts", "staff_accounts.id", "lead_states.owner_account_id")
    .select("staff_accounts.email")
    .where("lead_states.lead_id", "=", id)
    .executeTakeFirst();
  return row?.email ?? null;
}

/** How many leads each address owns, of the lead rows `ids`. */
export async function ownerCounts(api: StaffApi, ids: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const id of ids) {
    const owner = (await ownerOf(api, id)) ?? "nobody";
    counts[owner] = (counts[owner] ?? 0) + 1;
  }
  return counts;
}

/** What the outbox holds of `kind` about lead row `id`, each payload parsed. */
export const queued = <T>(api: StaffApi, id: string, kind: OutboxKind) =>
  queuedPayloads<T>(api.db, kind, id);

/** The owner e-mails queued about lead row `id`. */
export const ownerMails = (api: StaffApi, id: string) =>
  queued<{ to: string; subject: string; text: string }>(api, id, "lead-assigned");
