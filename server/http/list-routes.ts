/**
 * The server's side of the contract's listAndExport() (staff-api/query.ts): a filtered list read
 * a page at a time and its CSV export (and, where there is one, the same export as Excel), and where there is one the summary of the same filters
 * (how many, how soon answered), registered together because they read the same filters, are
 * audited the same way and differ only in what they answer. Leads, subscribers, audit log.
 */
import type { Transaction } from "kysely";
import type { AnswerOf, EndpointSpec, QueryOf } from "../../staff-api/endpoint";
import type { DB } from "../db/database";
import type { Database } from "../db/schema";
import type { AuditAction } from "../audit/audit";
import { answer, routesOn } from "./contract-routes";
import type { PageRequest } from "./page-cursor";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { auditedRead, pageKept, pageOf, sendCsv, sendWorkbook } from "./route-kit";
import type { Sheet } from "./xlsx-stream";
import type { StaffRoutesOptions } from "../staff-api-routes";
import type { StaffIdentity } from "../staff/sign-in/sessions";

export interface ListAndExportSpec<X extends EndpointSpec, Filters, Item, WorkbookItem = never> {
  /**
   * What the 503's log lines name: "subscriber list", "subscriber export"; or one name for both
   * ("lead inbox request").
   */
  what: string | { list: string; export: string };
  /** The audit log's action of each. */
  actions: { list: AuditAction; export: AuditAction };
  /**
   * The query's filters as the queries take them, for the signed-in member of staff (the inbox's
   * "my leads" are theirs); a bad one thrown as Refused.
   */
  filtersOf: (query: QueryOf<X>, staff: StaffIdentity) => Filters | Promise<Filters>;
  /** What the audit log keeps of the filters (route-kit.ts auditFilters). */
  kept: (query: QueryOf<X>, filters: Filters) => unknown;
  /** One page of the list, as the list endpoint answers it. */
  page: (trx: Transaction<Database>, filters: Filters, page: PageRequest) => Promise<unknown>;
  /** The export: only rows stored before `until(at)`, the instant it started. */
  until: (at: Date) => string;
  count: (trx: Transaction<Database>, filters: Filters) => Promise<number>;
  items: (db: DB, filters: Filters) => AsyncIterable<Item>;
  toRow: (item: Item) => Record<string, unknown>;
  /** The file's name before its date, its columns, and the header that says its row count. */
  file: { name: string; columns: readonly string[]; countHeader: string };
  /**
   * The same export as an Excel file (xlsx-stream.ts): its endpoint, with the CSV's filters,
   * roles, count and audit action, and its rows, which may say more than the CSV's (in words).
   */
  workbook?: {
    endpoint: EndpointSpec;
    items: (db: DB, filters: Filters) => AsyncIterable<WorkbookItem>;
    sheet: Sheet<WorkbookItem>;
  };
  /** The endpoint that sums up the same filters, its audit action, and its read. */
  summary?: {
    endpoint: EndpointSpec;
    action: AuditAction;
    read: (trx: Transaction<Database>, filters: Filters) => Promise<unknown>;
  };
}

export function listAndExportRoutes<
  L extends EndpointSpec,
  X extends EndpointSpec,
  Filters extends { until?: string },
  Item,
  WorkbookItem = never,
>(
  app: FastifyInstance,
  api: { list: L; exportCsv: X },
  { db, now, checkAnswers }: StaffRoutesOptions,
  spec: ListAndExportSpec<X, Filters, Item, WorkbookItem>,
) {
  const route = routesOn(app, { checkAnswers });
  const what = typeof spec.what === "string" ? { list: spec.what, export: spec.what } : spec.what;
  route(api.list, what.list, async ({ query, request, staff }) => {
    const page = pageOf(query as { cursor?: string; limit?: string });
    // The list's query is the export's filters and the page's cursor and size.
    const filterQuery = query as QueryOf<X>;
    const filters = await spec.filtersOf(filterQuery, staff as StaffIdentity);
    const body = await auditedRead(
      db,
      { request, action: spec.actions.list, at: now() },
      (trx) => spec.page(trx, filters, page),
      () => ({ filters: spec.kept(filterQuery, filters), page: pageKept(page) }),
    );
    return answer(200, body) as AnswerOf<L>;
  });

  /** The export's common part: its filters, no rows stored after it started, its audit entry. */
  async function exportOf(query: QueryOf<X>, staff: StaffIdentity) {
    const at = now();
    const filters = await spec.filtersOf(query, staff);
    const cutoff = spec.until(at);
    if (!filters.until || filters.until > cutoff) filters.until = cutoff;
    const base = {
      action: spec.actions.export,
      at,
      name: spec.file.name,
      detail: { filters: spec.kept(query, filters) },
      count: (trx: Transaction<Database>) => spec.count(trx, filters),
      countHeader: spec.file.countHeader,
    };
    return { filters, base };
  }

  route(api.exportCsv, what.export, async ({ query, request, reply, staff }) => {
    const { filters, base } = await exportOf(query, staff as StaffIdentity);
    return sendExport(db, request, reply, {
      ...base,
      items: () => spec.items(db, filters),
      file: { format: "csv", columns: spec.file.columns, toRow: spec.toRow },
    });
  });

  const { workbook } = spec;
  if (workbook) {
    route(workbook.endpoint, what.export, async ({ query, request, reply, staff }) => {
      // The workbook's query is the CSV's filters.
      const { filters, base } = await exportOf(query as QueryOf<X>, staff as StaffIdentity);
      return sendExport(db, request, reply, {
        ...base,
        items: () => workbook.items(db, filters),
        file: { format: "xlsx", sheet: workbook.sheet },
      });
    });
  }

  const { summary } = spec;
  if (summary) {
    route(summary.endpoint, what.list, async ({ query, request, staff }) => {
      // The summary's query is the export's filters.
      const filterQuery = query as QueryOf<X>;
      const filters = await spec.filtersOf(filterQuery, staff as StaffIdentity);
      const body = await auditedRead(
        db,
        { request, action: summary.action, at: now() },
        (trx) => summary.read(trx, filters),
        () => ({ filters: spec.kept(filterQuery, filters) }),
      );
      return answer(200, body) as AnswerOf<typeof summary.endpoint>;
    });
  }
}

/** An export's file: CSV columns and a row for each item, or an Excel worksheet. */
export type ExportFile<Item> =
  | {
      format: "csv";
      columns: readonly string[];
      toRow: (item: Item) => Record<string, unknown>;
    }
  | { format: "xlsx"; sheet: Sheet<Item> };

/**
 * Answers an export: counts what it will send and records that in the audit log (one
 * transaction, auditedRead), then streams the rows (sendCsv, or sendWorkbook) as
 * `<name>-<date>.csv` or `.xlsx` with the count in `countHeader`. `detail` is what the log keeps
 * of the request; it gains `rows`, and for an Excel file `format: "xlsx"`.
 */
export async function sendExport<Item>(
  db: DB,
  request: FastifyRequest,
  reply: FastifyReply,
  spec: {
    action: AuditAction;
    at: Date;
    name: string;
    detail: Record<string, unknown>;
    count: (trx: Transaction<Database>) => Promise<number>;
    items: () => AsyncIterable<Item>;
    file: ExportFile<Item>;
    countHeader: string;
  },
) {
  const { action, at, detail, file } = spec;
  const format = file.format === "xlsx" ? { format: file.format } : {};
  const count = await auditedRead(db, { request, action, at }, spec.count, (rows) => ({
    ...detail,
    rows,
    ...format,
  }));
  const answer = {
    fileName: `${spec.name}-${at.toISOString().slice(0, 10)}.${file.format}`,
    count,
    countHeader: spec.countHeader,
  };
  if (file.format === "xlsx") {
    return sendWorkbook(request, reply, { ...answer, sheet: file.sheet, items: spec.items() });
  }
  const { toRow } = file;
  async function* rows() {
    for await (const item of spec.items()) yield toRow(item);
  }
  return sendCsv(request, reply, { ...answer, columns: file.columns, rows: rows() });
}

/** The export of what was stored before the request: up to and including its instant. */
export const storedUpTo = (at: Date) => new Date(at.getTime() + 1).toISOString();
