/**
 * Staff passkeys (WebAuthn): what is stored, and the two ceremonies, registration (signed in) and
 * sign-in (signed out, username-less: the browser offers the passkeys it holds for this site).
 * SimpleWebAuthn builds the options and checks the answers; this module keeps the credentials,
 * and passkey-challenges.ts the challenges, in the database, which every server instance shares.
 * See docs/decisions/0013-staff-passkeys.md.
 */
import { randomUUID } from "node:crypto";
import {
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { isoBase64URL, isoUint8Array } from "@simplewebauthn/server/helpers";
import { type Transaction, sql } from "kysely";
import { site } from "../../../common/site";
import type { Passkey, RegistrationOptions, SignInOptions } from "../../../staff-api/passkeys";
import { type DB, isPostgres } from "../../db/database";
import type { Database } from "../../db/schema";
import { recordAudit } from "../../audit/audit";
import { CHALLENGE_MS, storeChallenge, verifyCeremony } from "./passkey-challenges";
import type { StaffIdentity } from "./sessions";
import { type SignedIn, openSession } from "./sign-in";

/** Passkeys one person may have; it also bounds the list a registration excludes. */
export const MAX_PASSKEYS = 20;

/** Who the passkeys are for: this site, as its public address says. */
export interface RelyingParty {
  /** The host name of the public address ("localhost" on a developer's machine). */
  id: string;
  /** What the browser shows: the company's name. */
  name: string;
  /** The origin the browser must report (scheme, host and port of the public address). */
  origin: string;
}

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, name: site.name, origin: url.origin };
}

type Executor = DB | Transaction<Database>;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The name of a passkey its owner did not name: "Passkey added 23 Nov 2026" (UTC, Ghana's time). */
export function defaultPasskeyName(now: Date): string {
  return `Passkey added ${now.getUTCDate()} ${MONTHS[now.getUTCMonth()]} ${now.getUTCFullYear()}`;
}

/**
 * The WebAuthn user handle of an account: the bytes of its id (a random UUID), never its address.
 * The authenticator keeps it with the passkey and returns it at sign-in.
 */
function userHandleOf(accountId: string) {
  return isoUint8Array.fromUTF8String(accountId);
}

async function passkeyCount(db: Executor, accountId: string): Promise<number> {
  const row = await db
    .selectFrom("staff_passkeys")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("account_id", "=", accountId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export type RegistrationOptionsResult =
  { ok: true; options: RegistrationOptions } | { ok: false; reason: "too-many" };

/**
 * The options for `navigator.credentials.create()`: the account as the user, its passkeys
 * excluded (an authenticator that holds one says so instead of making a second), a resident key
 * (so that sign-in needs no address), user verification preferred. The challenge is stored,
 * bound to the session that asked.
 */
export async function registrationOptions(
  db: DB,
  staff: StaffIdentity,
  { rp, now }: { rp: RelyingParty; now: Date },
): Promise<RegistrationOptionsResult> {
  const existing = await db
    .selectFrom("staff_passkeys")
    .select(["credential_id", "transports"])
    .where("account_id", "=", staff.accountId)
    .orderBy("created_at")
    .execute();
  if (existing.length >= MAX_PASSKEYS) return { ok: false, reason: "too-many" };
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: staff.email,
    userID: userHandleOf(staff.accountId),
    userDisplayName: staff.name,
    timeout: CHALLENGE_MS,
    attestationType: "none",
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credential_id,
      transports: transportsOf(passkey.transports),
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  await storeChallenge(db, options.challenge, "registration", staff.sessionId, now);
  // Each excluded passkey has its transports (transportsOf), which the contract says it sends.
  const excludeCredentials = options.excludeCredentials?.map((credential) => ({
    ...credential,
    transports: credential.transports ?? [],
  }));
  return { ok: true, options: { ...options, excludeCredentials } };
}

export type RegistrationResult =
  | { ok: true; passkey: Passkey }
  | {
      ok: false;
      reason: "malformed" | "challenge" | "not-verified" | "already-registered" | "too-many";
      /** SimpleWebAuthn's explanation, for the server's log only. */
      detail?: string;
    };

/**
 * Checks a registration's answer against a challenge of this session and stores the passkey, in
 * one transaction: the challenge is consumed whatever the outcome, the passkey and its audit entry
 * are stored together.
 */
export async function registerPasskey(
  db: DB,
  staff: StaffIdentity,
  response: RegistrationResponseJSON,
  name: string | undefined,
  { rp, now }: { rp: RelyingParty; now: Date },
): Promise<RegistrationResult> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx): Promise<RegistrationResult> => {
    const checked = await verifyCeremony(
      trx,
      "registration",
      staff.sessionId,
      { rp, now },
      (expected) => verifyRegistrationResponse({ response, ...expected }),
    );
    if (!checked.ok) return checked;
    const { verification } = checked;
    if (!verification.verified) return { ok: false, reason: "not-verified" };
    const info = verification.registrationInfo;
    const taken = await trx
      .selectFrom("staff_passkeys")
      .select("id")
      .where("credential_id", "=", info.credential.id)
      .executeTakeFirst();
    if (taken) return { ok: false, reason: "already-registered" };
    if ((await passkeyCount(trx, staff.accountId)) >= MAX_PASSKEYS) {
      return { ok: false, reason: "too-many" };
    }
    const row = {
      id: randomUUID(),
      account_id: staff.accountId,
      credential_id: info.credential.id,
      public_key: isoBase64URL.fromBuffer(info.credential.publicKey),
      counter: info.credential.counter,
      transports: JSON.stringify(info.credential.transports ?? []),
      device_type: info.credentialDeviceType,
      backed_up: info.credentialBackedUp ? 1 : 0,
      name: name || defaultPasskeyName(now),
      created_at: at,
      last_used_at: null,
    };
    await trx.insertInto("staff_passkeys").values(row).execute();
    await recordAudit(trx, {
      action: "passkey.added",
      at,
      actor: { id: staff.accountId, email: staff.email },
      record: { type: "staff_passkey", id: row.id },
      // The name stays out: the log is never erased, and people name devices after themselves.
      detail: {
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        userVerified: info.userVerified,
        aaguid: info.aaguid,
      },
    });
    return {
      ok: true,
      passkey: { id: row.id, name: row.name, createdAt: at, lastUsedAt: null },
    };
  });
}

/**
 * The options for `navigator.credentials.get()`: no allowCredentials, so the browser offers the
 * passkeys it holds for this site (discoverable credentials) and nobody types an address. The
 * challenge is stored unbound: whoever answers it with a registered passkey's signature signs in.
 */
export async function signInOptions(
  db: DB,
  { rp, now }: { rp: RelyingParty; now: Date },
): Promise<SignInOptions> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: [],
    timeout: CHALLENGE_MS,
    userVerification: "preferred",
  });
  await storeChallenge(db, options.challenge, "sign-in", null, now);
  // As asked for: the library writes rpId from rpID and the empty allowCredentials as given, but
  // types them as optional and of any shape, where the contract says what is sent.
  return { ...options, rpId: rp.id, allowCredentials: [] };
}

export type PasskeySignInResult =
  | SignedIn
  | {
      ok: false;
      reason:
        | "unknown-credential"
        | "malformed"
        | "challenge"
        | "not-verified"
        | "wrong-user"
        | "account-disabled";
      detail?: string;
    };

/**
 * Signs in with a passkey's answer: finds the passkey, checks the signature against a sign-in
 * challenge (consumed whatever the outcome), refuses a disabled account, updates the passkey's
 * counter and last use, and opens a session, all in one transaction. Every attempt, good or bad,
 * is in the audit log; the client is told nothing more than 401.
 */
export async function signInWithPasskey(
  db: DB,
  response: AuthenticationResponseJSON,
  {
    rp,
    now,
    client,
    sessionMaxMs,
  }: { rp: RelyingParty; now: Date; client: string; sessionMaxMs: number },
): Promise<PasskeySignInResult> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx): Promise<PasskeySignInResult> => {
    // Locked, the passkey and its account (sign-in.ts lockedAccount): a removal or a disable
    // under way is waited for and seen, and one that comes later sees this session.
    const found = await trx
      .selectFrom("staff_passkeys as p")
      .innerJoin("staff_accounts as a", "a.id", "p.account_id")
      .select([
        "p.id",
        "p.credential_id",
        "p.public_key",
        "p.counter",
        "p.transports",
        "a.id as accountId",
        "a.email",
        "a.name",
        "a.role",
        "a.disabled_at",
      ])
      .where("p.credential_id", "=", response.id)
      .$if(isPostgres(trx), (query) => query.forUpdate())
      .executeTakeFirst();
    const refuse = async (
      reason: Exclude<PasskeySignInResult, SignedIn>["reason"],
      detail?: string,
    ): Promise<PasskeySignInResult> => {
      await recordAudit(trx, {
        action: "staff.sign-in-failed",
        at,
        actor: found ? { id: found.accountId, email: found.email } : null,
        record: found ? { type: "staff_passkey", id: found.id } : null,
        detail: { method: "passkey", reason, client },
      });
      return { ok: false, reason, ...(detail ? { detail } : {}) };
    };
    if (!found) return refuse("unknown-credential");

    const checked = await verifyCeremony(trx, "sign-in", null, { rp, now }, (expected) =>
      verifyAuthenticationResponse({
        response,
        ...expected,
        credential: {
          id: found.credential_id,
          publicKey: isoBase64URL.toBuffer(found.public_key),
          counter: Number(found.counter),
          transports: transportsOf(found.transports),
        },
      }),
    );
    if (!checked.ok) return refuse(checked.reason, checked.detail);
    const { verification } = checked;
    if (!verification.verified) return refuse("not-verified");
    // The authenticator keeps the account's handle with the passkey; it must be this account's.
    const handle = response.response.userHandle;
    if (handle && handle !== isoBase64URL.fromBuffer(userHandleOf(found.accountId))) {
      return refuse("wrong-user");
    }
    if (found.disabled_at) return refuse("account-disabled");

    const { newCounter, credentialBackedUp } = verification.authenticationInfo;
    await trx
      .updateTable("staff_passkeys")
      .set({
        // Never backwards, should two sign-ins with one authenticator cross.
        counter: sql<number>`case when counter < ${newCounter} then ${newCounter} else counter end`,
        backed_up: credentialBackedUp ? 1 : 0,
        last_used_at: at,
      })
      .where("id", "=", found.id)
      .execute();
    const session = await openSession(
      trx,
      { id: found.accountId, email: found.email },
      {
        now,
        sessionMaxMs,
        detail: { method: "passkey", client, passkey: found.id },
        passkeyId: found.id,
      },
    );
    return {
      ok: true,
      account: { id: found.accountId, email: found.email, name: found.name, role: found.role },
      sessionSecret: session.secret,
    };
  });
}

/** The stored JSON array of transports; anything else is none. */
function transportsOf(stored: string): string[] {
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}
