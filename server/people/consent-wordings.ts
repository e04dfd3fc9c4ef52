/**
 * The consent wordings as stored (consent_wordings, migration 0017): each form's wording once per
 * version, which subscriptions, contact messages and demo requests name by id. The texts come
 * from leads/consent.ts; the table keeps every version ever recorded, so a record still shows the
 * words its person saw after the form's wording changed.
 */
import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { type ConsentForm, wordingOf } from "../../leads/consent";
import type { Database } from "../db/schema";
import { rowsById } from "../db/rows-by-id";

/**
 * The id of the stored wording of `form` the visitor was shown, storing it first if this version
 * was never recorded. An unknown or missing version records the current wording. Safe when two
 * sign-ups record the same new version at once: the second insert does nothing (the unique key of
 * form and version, on both databases) and both read the one row.
 */
export async function consentWordingId(
  trx: Transaction<Database>,
  form: ConsentForm,
  version: string | undefined,
  at: string,
): Promise<string> {
  const wording = wordingOf(form, version);
  const find = () =>
    trx
      .selectFrom("consent_wordings")
      .select("id")
      .where("form", "=", form)
      .where("version", "=", wording.version)
      .executeTakeFirst();
  // Read first: every version but a new one is stored already, and a read takes no lock.
  const stored = await find();
  if (stored) return stored.id;
  await trx
    .insertInto("consent_wordings")
    .values({ id: randomUUID(), form, ...wording, created_at: at })
    .onConflict((conflict) => conflict.columns(["form", "version"]).doNothing())
    .execute();
  const row = await find();
  if (!row) throw new Error(`The ${form} consent wording ${wording.version} could not be stored`);
  return row.id;
}

/** A stored wording as records show it. */
export interface StoredWording {
  text: string;
  version: string;
}

/**
 * The stored wordings the given ids name, by id: what a subscription's or a lead's consent
 * record shows. Ids that are null (records from before wordings were recorded) are skipped.
 */
export async function storedWordings(
  trx: Transaction<Database>,
  ids: readonly (string | null)[],
): Promise<(id: string | null) => StoredWording | null> {
  const wordingOf = await rowsById(ids, (wanted) =>
    trx
      .selectFrom("consent_wordings")
      .select(["id", "text", "version"])
      .where("id", "in", wanted)
      .execute(),
  );
  return (id) => {
    const row = wordingOf(id);
    return row ? { text: row.text, version: row.version } : null;
  };
}
