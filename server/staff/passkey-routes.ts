import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import * as z from "zod/mini";
import { requiredText } from "../../leads/fields";
import type { DB } from "../db/database";
import { refusal, zodRoute } from "../http/zod-schemas";
import { safeError } from "../log-safety";
import { rateLimitKey } from "../security/client-key";
import { Failed, Me, UNAVAILABLE } from "./answers";
import { clearCookieHeader, sessionCookie } from "./cookie";
import { listPasskeys, removePasskey, renamePasskey } from "./own-passkeys";
import {
  MAX_PASSKEYS,
  MAX_PASSKEY_NAME,
  registerPasskey,
  registrationOptions,
  relyingPartyOf,
  signInOptions,
  signInWithPasskey,
} from "./passkeys";
import { staffApiPaths } from "./paths";
import type { StaffIdentity } from "./sessions";
import type { SignedIn } from "./sign-in";

export interface PasskeyRoutesOptions {
  db: DB;
  /** The site's public address: the relying party's id (its host) and origin. */
  publicUrl: string;
  now: () => Date;
  /** Sessions of the account older than this are deleted on sign-in. */
  sessionMaxMs: number;
  /** The sign-in rate limit of routes.ts: true when it refused the request (429 sent). */
  overLimit: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
  /** The answer to a sign-in of routes.ts: the session cookie and who signed in. */
  signedIn: (reply: FastifyReply, result: SignedIn) => FastifyReply;
}

/** Base64url without padding, as `toJSON()` of a credential writes its bytes. */
const base64url = (max: number) =>
  z
    .string()
    .check(
      z.minLength(1, "must not be empty"),
      z.maxLength(max, `must be at most ${max} characters`),
      z.regex(/^[A-Za-z0-9_-]+$/, "must be base64url"),
    );

/** What every credential's `toJSON()` has. A credential id is at most 1023 bytes. */
const CredentialShape = {
  id: base64url(1364),
  rawId: base64url(1364),
  type: z.literal("public-key"),
  authenticatorAttachment: z.optional(z.string().check(z.maxLength(40))),
  clientExtensionResults: z._default(z.record(z.string(), z.unknown()), {}),
};

const PasskeyName = requiredText("Give the passkey a name", { max: MAX_PASSKEY_NAME });

/** `toJSON()` of the credential `navigator.credentials.create()` made, and an optional name. */
const RegistrationBody = z.object({
  ...CredentialShape,
  response: z.object({
    clientDataJSON: base64url(4000),
    attestationObject: base64url(12_000),
    authenticatorData: z.optional(base64url(8000)),
    transports: z.optional(
      z.array(z.string().check(z.maxLength(40))).check(z.maxLength(10, "too many transports")),
    ),
    publicKeyAlgorithm: z.optional(z.number()),
    publicKey: z.optional(base64url(4000)),
  }),
  /** Left out or null: named after the day it was added. */
  name: z.optional(z.nullable(PasskeyName)),
});

/** `toJSON()` of the credential `navigator.credentials.get()` returned. */
const AuthenticationBody = z.object({
  ...CredentialShape,
  response: z.object({
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(8000),
    signature: base64url(2000),
    userHandle: z.optional(z.nullable(base64url(200))),
  }),
});

const RenameBody = z.object({ name: PasskeyName });
/** The options need no input; an empty JSON object or no body at all is fine. */
const NoBody = z.optional(z.object({}));

const Added = z.object({ id: z.string(), name: z.string(), createdAt: z.string() });
const Item = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
});
/** In the list, each passkey says whether this session was opened with it. */
const Items = z.object({
  items: z.array(z.object({ ...Item.shape, signedInWith: z.boolean() })),
});

/** The refusals of a signed-in route. */
const SIGNED_IN_REFUSALS = { 400: Failed, 401: Failed, 403: Failed, 503: Failed };

const NOT_FOUND = { error: "No such passkey" };
const TOO_MANY_PASSKEYS = {
  error: `You already have ${MAX_PASSKEYS} passkeys. Remove one you no longer use first.`,
};
/** Why a registration was refused, as its owner is told. */
const REGISTRATION_REFUSED = {
  malformed: "This is not a passkey the server can read. Please try again.",
  challenge: "This passkey request has expired or was already used. Please start again.",
  "not-verified": "This passkey could not be verified. Please try again.",
  "already-registered": "This passkey is already registered.",
  "too-many": TOO_MANY_PASSKEYS.error,
} as const;
/** Every refused passkey sign-in gets this, whatever the reason: it says nothing of accounts. */
const SIGN_IN_REFUSED = { error: "This passkey cannot be used to sign in." };

/**
 * Staff passkeys: registering one (signed in), signing in with one (signed out), and managing
 * one's own. Registered inside staffRoutes, whose hooks (no-store, JSON-only writes) apply; the
 * Origin check (security/origin.ts) runs before everything.
 */
export const passkeyRoutes: FastifyPluginAsync<PasskeyRoutesOptions> = async (app, options) => {
  const { db, now, sessionMaxMs, overLimit, signedIn } = options;
  const rp = relyingPartyOf(options.publicUrl);
  const cookie = sessionCookie(options.publicUrl);
  const signedInOnly = app.requireStaff();
  const staffOf = (request: FastifyRequest) => request.staff as StaffIdentity;
  const unavailable = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    request.log.error({ err: safeError(error) }, "staff passkey request failed");
    reply.header("retry-after", "60");
    return reply.code(503).send(UNAVAILABLE);
  };
  const firstIssue = (request: FastifyRequest) => {
    const issue = refusal(request)?.issues[0];
    if (!issue) return null;
    const field = issue.path.join(".");
    return field ? `${field}: ${issue.message}` : issue.message;
  };

  app.post(
    staffApiPaths.passkeyRegisterOptions,
    {
      // The options are SimpleWebAuthn's, sent as they are (no schema to cut them down).
      ...zodRoute({ body: NoBody, response: SIGNED_IN_REFUSALS }),
      preHandler: signedInOnly,
    },
    async (request, reply) => {
      const invalid = firstIssue(request);
      if (invalid) return reply.code(400).send({ error: invalid });
      try {
        const result = await registrationOptions(db, staffOf(request), { rp, now: now() });
        if (!result.ok) return reply.code(400).send(TOO_MANY_PASSKEYS);
        return reply.code(200).send(result.options);
      } catch (error) {
        return unavailable(request, reply, error);
      }
    },
  );

  app.post(
    staffApiPaths.passkeyRegisterVerify,
    {
      ...zodRoute({ body: RegistrationBody, response: { 201: Added, ...SIGNED_IN_REFUSALS } }),
      preHandler: signedInOnly,
    },
    async (request, reply) => {
      const invalid = firstIssue(request);
      if (invalid) return reply.code(400).send({ error: invalid });
      const { name, ...credential } = request.body as z.output<typeof RegistrationBody>;
      try {
        const result = await registerPasskey(
          db,
          staffOf(request),
          credential as RegistrationResponseJSON,
          name ?? undefined,
          { rp, now: now() },
        );
        if (!result.ok) {
          request.log.info(
            { reason: result.reason, detail: result.detail },
            "staff passkey registration refused",
          );
          return reply.code(400).send({ error: REGISTRATION_REFUSED[result.reason] });
        }
        const { id, name: given, createdAt } = result.passkey;
        return reply.code(201).send({ id, name: given, createdAt });
      } catch (error) {
        return unavailable(request, reply, error);
      }
    },
  );

  app.post(
    staffApiPaths.passkeySignInOptions,
    // The options are SimpleWebAuthn's, sent as they are (no schema to cut them down).
    zodRoute({ body: NoBody, response: { 400: Failed, 429: Failed, 503: Failed } }),
    async (request, reply) => {
      const invalid = firstIssue(request);
      if (invalid) return reply.code(400).send({ error: invalid });
      try {
        if (await overLimit(request, reply)) return reply;
        return reply.code(200).send(await signInOptions(db, { rp, now: now() }));
      } catch (error) {
        return unavailable(request, reply, error);
      }
    },
  );

  app.post(
    staffApiPaths.passkeySignInVerify,
    zodRoute({
      body: AuthenticationBody,
      response: { 200: Me, 400: Failed, 401: Failed, 429: Failed, 503: Failed },
    }),
    async (request, reply) => {
      const invalid = firstIssue(request);
      if (invalid) return reply.code(400).send({ error: invalid });
      const body = request.body as z.output<typeof AuthenticationBody>;
      const { userHandle, ...assertion } = body.response;
      const response = {
        ...body,
        response: { ...assertion, ...(userHandle ? { userHandle } : {}) },
      } as AuthenticationResponseJSON;
      try {
        if (await overLimit(request, reply)) return reply;
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
          return reply.code(401).send(SIGN_IN_REFUSED);
        }
        return signedIn(reply, result);
      } catch (error) {
        return unavailable(request, reply, error);
      }
    },
  );

  app.get(
    staffApiPaths.passkeys,
    {
      ...zodRoute({ response: { 200: Items, 401: Failed, 403: Failed, 503: Failed } }),
      preHandler: signedInOnly,
    },
    async (request, reply) => {
      try {
        return { items: await listPasskeys(db, staffOf(request)) };
      } catch (error) {
        return unavailable(request, reply, error);
      }
    },
  );

  app.patch(
    staffApiPaths.passkey,
    {
      ...zodRoute({
        body: RenameBody,
        response: { 200: Item, ...SIGNED_IN_REFUSALS, 404: Failed },
      }),
      preHandler: signedInOnly,
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const invalid = firstIssue(request);
      if (invalid) return reply.code(400).send({ error: invalid });
      const { name } = request.body as z.output<typeof RenameBody>;
      try {
        const item = await renamePasskey(db, staffOf(request), id, name, now());
        return item ?? reply.code(404).send(NOT_FOUND);
      } catch (error) {
        return unavailable(request, reply, error);
      }
    },
  );

  app.delete(
    staffApiPaths.passkey,
    {
      ...zodRoute({ response: { 401: Failed, 403: Failed, 404: Failed, 503: Failed } }),
      preHandler: signedInOnly,
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      try {
        const removed = await removePasskey(db, staffOf(request), id, now());
        if (!removed) return reply.code(404).send(NOT_FOUND);
        // The passkey had opened this very session, which has ended with it.
        if (removed.signedOut) reply.header("set-cookie", clearCookieHeader(cookie));
        return reply.code(204).send();
      } catch (error) {
        return unavailable(request, reply, error);
      }
    },
  );
};
