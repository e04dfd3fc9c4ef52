import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { NO_SUCH_PASSKEY, passkeysApi } from "../../../staff-api/passkeys";
import type { Me } from "../../../staff-api/session";
import type { DB } from "../../db/database";
import { rateLimitKey } from "../../security/client-key";
import { answer, routesOn } from "../../http/contract-routes";
import { clearCookieHeader, sessionCookie } from "./cookie";
import { listPasskeys, removePasskey, renamePasskey } from "./own-passkeys";
import {
  MAX_PASSKEYS,
  registerPasskey,
  registrationOptions,
  relyingPartyOf,
  signInOptions,
  signInWithPasskey,
} from "./passkeys";
import type { SignedIn } from "./sign-in";

export interface PasskeyRoutesOptions {
  db: DB;
  /** The site's public address: the relying party's id (its host) and origin. */
  publicUrl: string;
  now: () => Date;
  /** Sessions of the account older than this are deleted on sign-in. */
  sessionMaxMs: number;
  /** The sign-in rate limit of session-routes.ts: the 429 to answer when it refused the request. */
  overLimit: (
    request: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<{ status: 429; body: { error: string } } | null>;
  /** The answer to a sign-in of session-routes.ts: the session cookie and who signed in. */
  signedIn: (reply: FastifyReply, result: SignedIn) => { status: 200; body: Me };
  /** Check every answer against its contract before it is sent (tests: http/contract-routes.ts). */
  checkAnswers?: boolean;
}

const TOO_MANY_PASSKEYS = `You already have ${MAX_PASSKEYS} passkeys. Remove one you no longer use first.`;
/** Why a registration was refused, as its owner is told. */
const REGISTRATION_REFUSED = {
  malformed: "This is not a passkey the server can read. Please try again.",
  challenge: "This passkey request has expired or was already used. Please start again.",
  "not-verified": "This passkey could not be verified. Please try again.",
  "already-registered": "This passkey is already registered.",
  "too-many": TOO_MANY_PASSKEYS,
} as const;
/** Every refused passkey sign-in gets this, whatever the reason: it says nothing of accounts. */
const SIGN_IN_REFUSED = { error: "This passkey cannot be used to sign in." };

/**
 * Staff passkeys, as staff-api/passkeys.ts defines them: registering one (signed in), signing in
 * with one (signed out), and managing one's own. Registered inside staffRoutes, whose hooks
 * (no-store, JSON-only writes) apply; the Origin check (security/origin.ts) runs before
 * everything.
 */
export const passkeyRoutes: FastifyPluginAsync<PasskeyRoutesOptions> = async (app, options) => {
  const { db, now, sessionMaxMs, overLimit, signedIn } = options;
  const rp = relyingPartyOf(options.publicUrl);
  const cookie = sessionCookie(options.publicUrl);
  const route = routesOn(app, { checkAnswers: options.checkAnswers });

  route(passkeysApi.registerOptions, "staff passkey request", async ({ staff, refuse }) => {
    const result = await registrationOptions(db, staff, { rp, now: now() });
    if (!result.ok) throw refuse(400, TOO_MANY_PASSKEYS);
    return answer(200, result.options);
  });

  route(
    passkeysApi.registerVerify,
    "staff passkey request",
    async ({ body: { name, ...credential }, staff, request, refuse }) => {
      const result = await registerPasskey(
        db,
        staff,
        // What the contract read of the credential, which SimpleWebAuthn checks.
        credential as RegistrationResponseJSON,
        name ?? undefined,
        { rp, now: now() },
      );
      if (!result.ok) {
        request.log.info(
          { reason: result.reason, detail: result.detail },
          "staff passkey registration refused",
        );
        throw refuse(400, REGISTRATION_REFUSED[result.reason]);
      }
      const { id, name: given, createdAt } = result.passkey;
      return answer(201, { id, name: given, createdAt });
    },
  );

  route(passkeysApi.signInOptions, "staff passkey request", async ({ request, reply }) => {
    const limited = await overLimit(request, reply);
    if (limited) return limited;
    return answer(200, await signInOptions(db, { rp, now: now() }));
  });

  route(passkeysApi.signInVerify, "staff passkey request", async ({ body, request, reply }) => {
    const { userHandle, ...assertion } = body.response;
    // What the contract read of the credential, which SimpleWebAuthn checks; a null user
    // handle is left out, as the library expects.
    const response = {
      ...body,
      response: { ...assertion, ...(userHandle ? { userHandle } : {}) },
    } as AuthenticationResponseJSON;
    const limited = await overLimit(request, reply);
    if (limited) return limited;
    const result = await signInWithPasskey(db, response, {
      rp,
      now: now(),
      client: rateLimitKey(request.ip),
      sessionMaxMs,
    });
    if (!result.ok) {
      request.log.info(
        { reason: result.reason, detail: result.detail },
        "staff passkey sign-in refused",
      );
      return answer(401, SIGN_IN_REFUSED);
    }
    return signedIn(reply, result);
  });

  route(passkeysApi.list, "staff passkey request", async ({ staff }) =>
    answer(200, { items: await listPasskeys(db, staff) }),
  );

  route(
    passkeysApi.rename,
    "staff passkey request",
    async ({ params: { id }, body: { name }, staff, refuse }) => {
      const item = await renamePasskey(db, staff, id, name, now());
      if (!item) throw refuse(404, NO_SUCH_PASSKEY);
      return answer(200, item);
    },
  );

  route(
    passkeysApi.remove,
    "staff passkey request",
    async ({ params: { id }, staff, reply, refuse }) => {
      const removed = await removePasskey(db, staff, id, now());
      if (!removed) throw refuse(404, NO_SUCH_PASSKEY);
      // The passkey had opened this very session, which has ended with it.
      if (removed.signedOut) reply.header("set-cookie", clearCookieHeader(cookie));
      return reply.code(204).send();
    },
  );
};
