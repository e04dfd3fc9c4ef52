/**
 * The challenges of passkey ceremonies (passkeys.ts), kept in the database that every server
 * instance shares: stored by the options, consumed once by the answer's check. See
 * docs/decisions/0013-staff-passkeys.md.
 */
import type { Transaction } from "kysely";
import type { DB } from "../../db/database";
import type { Database } from "../../db/schema";
import type { PasskeyChallengePurpose } from "../../db/schema-passkeys";
import { safeError } from "../../privacy/log-safety";
import { hashSecret } from "./tokens";

/** How long the options of a ceremony can be answered. */
export const CHALLENGE_MINUTES = 5;
export const CHALLENGE_MS = CHALLENGE_MINUTES * 60_000;

type Executor = DB | Transaction<Database>;

/**
 * Stores a challenge handed out by options (its hash), after deleting every expired one: the
 * table holds only challenges that can still be answered, and a few minutes' worth of them. A
 * session registers one passkey at a time (a browser shows one passkey dialog at a time): its
 * pending registration is replaced, so a signed-in client cannot pile rows up.
 */
export async function storeChallenge(
  db: DB,
  challenge: string,
  purpose: PasskeyChallengePurpose,
  sessionId: string | null,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await db
    .deleteFrom("staff_passkey_challenges")
    .where((eb) =>
      sessionId
        ? eb.or([eb("expires_at", "<=", at), eb("session_id", "=", sessionId)])
        : eb("expires_at", "<=", at),
    )
    .execute();
  await db
    .insertInto("staff_passkey_challenges")
    .values({
      challenge_hash: hashSecret(challenge),
      purpose,
      session_id: sessionId,
      created_at: at,
      expires_at: new Date(now.getTime() + CHALLENGE_MS).toISOString(),
    })
    .execute();
}

/**
 * Takes a challenge out of the table; true when it was there for this purpose (and session), not
 * expired. The DELETE … RETURNING is what makes a challenge single-use: of two answers racing with
 * one challenge, only one deletes the row (PostgreSQL's row lock makes the other find it gone;
 * SQLite writes one transaction at a time).
 */
async function consumeChallenge(
  trx: Executor,
  challenge: string,
  purpose: PasskeyChallengePurpose,
  sessionId: string | null,
  now: Date,
): Promise<boolean> {
  let query = trx
    .deleteFrom("staff_passkey_challenges")
    .where("challenge_hash", "=", hashSecret(challenge))
    .where("purpose", "=", purpose)
    .where("expires_at", ">", now.toISOString());
  query = sessionId
    ? query.where("session_id", "=", sessionId)
    : query.where("session_id", "is", null);
  const row = await query.returning("challenge_hash").executeTakeFirst();
  return row !== undefined;
}

/**
 * An `expectedChallenge` for SimpleWebAuthn that consumes the challenge from the table, and
 * remembers what happened: whether the check was reached, whether it passed, and a database
 * failure, which must not pass for a refused passkey.
 */
function challengeCheck(
  trx: Transaction<Database>,
  purpose: PasskeyChallengePurpose,
  sessionId: string | null,
  now: Date,
) {
  const state = { reached: false, passed: false, failure: null as unknown };
  const check = async (challenge: unknown) => {
    state.reached = true;
    // clientDataJSON is the client's JSON: its challenge may be anything.
    if (typeof challenge !== "string" || challenge.length > 1000) return false;
    try {
      state.passed = await consumeChallenge(trx, challenge, purpose, sessionId, now);
    } catch (error) {
      state.failure = error;
      throw error;
    }
    return state.passed;
  };
  return { state, check };
}

/**
 * SimpleWebAuthn's explanation of a refusal, for the server's log: masked and short, and none
 * when the challenge was refused (the message quotes it).
 */
export function explanation(state: { reached: boolean; passed: boolean }, error: unknown) {
  return state.reached && !state.passed ? undefined : safeError(error).slice(0, 200);
}

/** Why a ceremony's answer was refused, as the audit log and the log say it. */
function reasonOf(state: { reached: boolean; passed: boolean }) {
  return !state.reached ? "malformed" : !state.passed ? "challenge" : "not-verified";
}

/** What every check of a ceremony's answer expects: our challenge, origin and relying party. */
interface Expected {
  expectedChallenge: (challenge: unknown) => Promise<boolean>;
  expectedOrigin: string;
  expectedRPID: string;
  // The options prefer user verification; an authenticator without it still counts.
  requireUserVerification: false;
}

/**
 * Runs SimpleWebAuthn's check of a ceremony's answer (`verify`) against the challenge issued for
 * it (challengeCheck) and the relying party. A refusal comes back as its reason and, for the
 * log, SimpleWebAuthn's explanation; a database failure on the way is thrown, not a refusal.
 */
export async function verifyCeremony<V>(
  trx: Transaction<Database>,
  purpose: PasskeyChallengePurpose,
  sessionId: string | null,
  { rp, now }: { rp: { id: string; origin: string }; now: Date },
  verify: (expected: Expected) => Promise<V>,
): Promise<
  | { ok: true; verification: V }
  | { ok: false; reason: ReturnType<typeof reasonOf>; detail: string | undefined }
> {
  const { state, check } = challengeCheck(trx, purpose, sessionId, now);
  try {
    const verification = await verify({
      expectedChallenge: check,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    return { ok: true, verification };
  } catch (error) {
    if (state.failure) throw state.failure;
    return { ok: false, reason: reasonOf(state), detail: explanation(state, error) };
  }
}
