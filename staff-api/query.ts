/**
 * What several staff endpoints share: dates, a record's id in an address, a page of a keyset
 * list (asked and answered), and the shapes of their GETs: a read of the session alone, a read
 * with filters, a paged list, an export.
 */
import * as z from "zod/mini";
import { Failed, REFUSALS, SESSION_REFUSALS } from "./answers";
import type { EndpointSpec } from "./endpoint";
import type { StaffRole } from "./roles";

/** An ISO date (2026-11-23) or instant (2026-11-23T10:00:00Z, with an optional offset). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;
export const isoDate = () => z.string().check(z.regex(ISO_DATE, "must be an ISO date"));

/** A record's id (a UUID) in an address; anything else is no record's, answered 404 `notFound`. */
const RECORD_ID = /^[A-Za-z0-9-]{1,64}$/;
export const recordId = (notFound: string) =>
  z.object({ id: z.string().check(z.regex(RECORD_ID, notFound)) });

/** The query parameters of a page of a keyset list (server/http/page-cursor.ts). */
export const PageShape = {
  cursor: z.optional(z.string().check(z.maxLength(400))),
  limit: z.optional(z.string().check(z.regex(/^\d{1,3}$/, "limit must be 1 to 100"))),
};

/** The answer of a keyset list: a page of `item`s and the next page's cursor, null on the last. */
export const keysetPage = <S extends z.ZodMiniType>(item: S) =>
  z.strictObject({ items: z.array(item), nextCursor: z.nullable(z.string()) });

/**
 * A GET at `path` for `roles`, the rest of its definition (query, answers) as given. Written out
 * rather than through endpoint(), which would widen the generic answers of the helpers below to
 * its constraint; `satisfies` checks them against it all the same.
 */
function read<
  const Path extends string,
  const Roles extends readonly StaffRole[],
  const Rest extends Pick<EndpointSpec, "query" | "answers">,
>(path: Path, roles: Roles, rest: Rest) {
  return { method: "GET", path, roles, ...rest } as const satisfies EndpointSpec;
}

/**
 * A read that takes nothing but the session (so no 400): who may make it, and what it answers.
 * `roles` empty: any signed-in member of staff.
 */
export function sessionRead<
  const Path extends string,
  const Roles extends readonly StaffRole[],
  Answer extends z.ZodMiniType,
>(path: Path, roles: Roles, answer: Answer) {
  return read(path, roles, { answers: { 200: answer, ...SESSION_REFUSALS } });
}

/**
 * A DELETE of one record at `path` (".../:id"): 204, or 404 `notFound` when there is no such
 * record or the id cannot be one; `more` are its other refusals (a 409 of a record in use).
 */
export function recordDeletion<
  const Path extends string,
  const Roles extends readonly StaffRole[],
  const More extends EndpointSpec["answers"],
>(path: Path, roles: Roles, notFound: string, more: More) {
  return {
    method: "DELETE",
    path,
    roles,
    params: recordId(notFound),
    notFound,
    answers: { 404: Failed, ...SESSION_REFUSALS, ...more },
  } as const satisfies EndpointSpec;
}

/** A read that takes filters in its `query`: who may make it, and what it answers. */
export function filteredRead<
  const Path extends string,
  const Roles extends readonly StaffRole[],
  Query extends z.ZodMiniType,
  Answer extends z.ZodMiniType,
>(path: Path, roles: Roles, query: Query, answer: Answer) {
  return read(path, roles, { query, answers: { 200: answer, ...REFUSALS } });
}

/**
 * A filtered list read a page at a time: the query is `filters` with `cursor` and `limit`, the
 * answer `page`, a keysetPage().
 */
export function pagedList<
  const Path extends string,
  const Roles extends readonly StaffRole[],
  Filters extends Record<string, z.ZodMiniType>,
  Page extends z.ZodMiniType,
>({ path, roles, filters, page }: { path: Path; roles: Roles; filters: Filters; page: Page }) {
  const query = z.object({ ...filters, ...PageShape });
  return read(path, roles, { query, answers: { 200: page, ...REFUSALS } });
}

/**
 * An export of a filtered list as a file, CSV or Excel (`path` says which): the list's filters
 * and roles; only its refusals are JSON.
 */
export function fileExport<
  const Path extends string,
  const Roles extends readonly StaffRole[],
  Filters extends Record<string, z.ZodMiniType>,
>(path: Path, roles: Roles, filters: Filters) {
  return read(path, roles, { query: z.object(filters), answers: REFUSALS });
}

/**
 * A paged list (pagedList()) at `path` and its CSV export (fileExport()) at `path`.csv: the same
 * filters and the same roles; the export answers a file (only its refusals are JSON).
 */
export function listAndExport<
  const Path extends string,
  const Roles extends readonly StaffRole[],
  Filters extends Record<string, z.ZodMiniType>,
  Page extends z.ZodMiniType,
>(path: Path, roles: Roles, filters: Filters, page: Page) {
  return {
    list: pagedList({ path, roles, filters, page }),
    exportCsv: fileExport(`${path}.csv`, roles, filters),
  } as const satisfies Record<string, EndpointSpec>;
}
