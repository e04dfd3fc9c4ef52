/**
 * What the staff API tests check of answers: the contract's body for each status, which roles a
 * route lets in, lists paged through to the end, and the audit log.
 */
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import * as z from "zod/mini";
import { CSV_BOM } from "../../common/csv";
import { Failed } from "../../staff-api/answers";
import type { EndpointSpec } from "../../staff-api/endpoint";
import type { StaffRole } from "../../staff-api/roles";
import type { CallArgs, Query, StaffClient } from "./staff-client";
import type { StaffApi } from "./staff-api";

/**
 * Parses `body` as the console would, with the contract's schema of its status (strict objects),
 * failing the test when the endpoint lists no such status or the body is not exactly that.
 */
export function parsedAnswer<S extends z.ZodMiniType>(schema: S | undefined, body: unknown) {
  expect(schema, "the endpoint lists this status").toBeDefined();
  const result = z.safeParse(schema as S, body);
  expect(result.success, result.success ? "" : z.prettifyError(result.error)).toBe(true);
  return result.data as z.output<S>;
}

/**
 * The lines of a CSV export's answer, once checked that its first bytes are UTF-8's byte order
 * mark (common/csv.ts CSV_BOM), by which spreadsheets read the names in it right.
 */
export function csvLines(res: LightMyRequestResponse): string[] {
  expect([...res.rawPayload.subarray(0, 3)], "the CSV starts with the byte order mark").toEqual([
    0xef, 0xbb, 0xbf,
  ]);
  return res.body.slice(CSV_BOM.length).trimEnd().split("\r\n");
}

/** Checks that `res` answered `status` with exactly the body `spec` lists for it; that body. */
export function answered<E extends EndpointSpec, S extends number>(
  spec: E,
  res: LightMyRequestResponse,
  status: S,
): z.output<E["answers"][S]> {
  expect(res.statusCode, `${spec.method} ${spec.path}: ${res.body}`).toBe(status);
  return parsedAnswer(spec.answers[status], res.json());
}

/** Checks that `res` is a refusal with `status` and the contract's `{error}` body. */
export function refusedWith(status: number, res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(status);
  parsedAnswer(Failed, res.json());
}

/**
 * Sends one request signed out, with a cookie that is no session's, and as each member of
 * `staff`: 401, 401, then 403 to each role not `allowed` (all of them first, so that a refused
 * request must change nothing the allowed ones then do), and `ok` to the allowed ones in turn.
 */
export async function expectAccess<E extends EndpointSpec>(
  api: StaffApi,
  staff: Partial<Record<StaffRole, StaffClient>>,
  [endpoint, ...parts]: [E, ...CallArgs<E>],
  { allowed, ok }: { allowed: readonly StaffRole[]; ok: number },
) {
  const request = `${endpoint.method} ${endpoint.path}`;
  const signedOut = await api.signedOut().call(endpoint, ...parts);
  expect(signedOut.statusCode, `${request} signed out`).toBe(401);
  const nonsense = await api.as("staff_session=nonsense").call(endpoint, ...parts);
  expect(nonsense.statusCode, `${request} with no session's cookie`).toBe(401);
  const members = Object.entries(staff) as [StaffRole, StaffClient][];
  for (const [role, client] of members.filter(([role]) => !allowed.includes(role))) {
    const res = await client.call(endpoint, ...parts);
    expect(res.statusCode, `${request} ${role}`).toBe(403);
  }
  for (const [role, client] of members.filter(([role]) => allowed.includes(role))) {
    const res = await client.call(endpoint, ...parts);
    expect(res.statusCode, `${request} ${role}: ${res.body}`).toBe(ok);
  }
}

/** A page of a staff list: leads, subscribers, the outbox, the audit log. */
export interface ListPage {
  items: Record<string, unknown>[];
  nextCursor: string | null;
}

/** Checks that `page` is a list's last page and holds just the items `ids`, in that order. */
export function expectLastPage(page: ListPage, ids: readonly string[]) {
  expect(page.items.map((item) => item.id)).toEqual(ids);
  expect(page.nextCursor).toBeNull();
}

/** Follows `nextCursor` from the first page to the last: every item, and how many pages. */
export async function everyPage<T>(
  page: (cursor: string | null) => Promise<{ items: T[]; nextCursor: string | null }>,
) {
  const items: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const next: { items: T[]; nextCursor: string | null } = await page(cursor);
    items.push(...next.items);
    cursor = next.nextCursor;
    pages++;
  } while (cursor);
  return { items, pages };
}

/**
 * Pages through a list with `page` and expects each of `expected` (ids) exactly once, newest
 * first by `timeField`; how many pages it took.
 */
export async function expectEachOnceNewestFirst(
  page: (cursor: string | null) => Promise<ListPage>,
  expected: readonly string[],
  timeField: string,
): Promise<number> {
  const { items, pages } = await everyPage(page);
  const ids = items.map((item) => String(item.id));
  expect(ids).toHaveLength(expected.length);
  expect(new Set(ids)).toEqual(new Set(expected));
  const times = items.map((item) => String(item[timeField]));
  expect(times).toEqual(times.toSorted().reverse());
  return pages;
}

/**
 * Pages through a list 17 items at a time and expects each of `expected` (ids) exactly once,
 * newest first; then a first page of the default size (50) and of the largest (100). How many
 * pages it took.
 */
export async function expectListPaging(
  list: (query: Query) => Promise<ListPage>,
  expected: readonly string[],
): Promise<number> {
  const pages = await expectEachOnceNewestFirst(
    (cursor) => list({ limit: "17", cursor: cursor ?? undefined }),
    expected,
    "createdAt",
  );
  expect(pages).toBe(Math.ceil(expected.length / 17));
  expect((await list({})).items).toHaveLength(50);
  expect((await list({ limit: "100" })).items).toHaveLength(100);
  return pages;
}

/** The audit log's entries by the account `actorId`, of `action` when given, oldest first. */
export function auditOf(api: StaffApi, actorId: string, action?: string) {
  let query = api.db.selectFrom("audit_log").selectAll().where("actor_id", "=", actorId);
  if (action !== undefined) query = query.where("action", "=", action);
  return query.orderBy("at").execute();
}

/**
 * Expects `schema` to take `exact` and to refuse each of `others` (a field more, one missing):
 * the contract's objects are strict.
 */
export function expectStrict(schema: z.ZodMiniType, exact: unknown, others: unknown[]) {
  expect(z.safeParse(schema, exact).success).toBe(true);
  for (const other of others) {
    expect(z.safeParse(schema, other).success, JSON.stringify(other)).toBe(false);
  }
}
