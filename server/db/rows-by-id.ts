/**
 * The rows `read` gives for the distinct ids among `ids` (nulls skipped, nothing read when none
 * remain), as a lookup by id. Records name their consent wording, owner or author by id; a list
 * of records reads each of those once, in one query, not once per record.
 */
export async function rowsById<R extends { id: string }>(
  ids: readonly (string | null)[],
  read: (wanted: string[]) => Promise<R[]>,
): Promise<(id: string | null) => R | undefined> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const byId = new Map((wanted.length ? await read(wanted) : []).map((row) => [row.id, row]));
  return (id) => (id === null ? undefined : byId.get(id));
}
