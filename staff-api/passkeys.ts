/**
 * Staff passkeys (server/staff/sign-in/passkey-routes.ts): signing in with one (no session needed),
 * registering one, and one's own passkeys, listed, renamed and removed. The WebAuthn options and
 * credentials are SimpleWebAuthn's JSON, whose own shape is authoritative: the bodies say what the
 * server reads before the library checks the rest, and the options' top level is strict, field by
 * field, while the objects inside list the library's fields without being strict (a field it
 * added would be left out on the way, not refused), so that its types and these agree both ways.
 */
import * as z from "zod/mini";
import { requiredText } from "../leads/fields";
import { Failed, RECORD_REFUSALS, REFUSALS, SESSION_REFUSALS, SIGN_IN_REFUSALS } from "./answers";
import { endpoint } from "./endpoint";
import { sessionRead } from "./query";
import { Me } from "./session";

/** Longest name of a passkey. */
export const MAX_PASSKEY_NAME = 60;

export const NO_SUCH_PASSKEY = "No such passkey";

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

/** The options need no input; an empty JSON object or no body at all is fine. */
const NoBody = z.optional(z.object({}));

const USER_VERIFICATION = ["discouraged", "preferred", "required"] as const;

/** A passkey the browser should leave out (registration) or may use (sign-in). */
const CredentialDescriptor = z.object({
  id: z.string(),
  transports: z.array(z.string()),
  type: z.string(),
});

/** What the browser is asked to add: whether the new passkey is discoverable (`credProps`). */
const Extensions = z.object({ credProps: z.optional(z.boolean()) });

// The options' fields in the order SimpleWebAuthn writes them. Fastify's serializer sends the
// required ones first, then the optional ones, each in this order: what the server always sends
// is required, so that the answer comes out as the library wrote it.
/** What `navigator.credentials.create()` takes, as JSON (registration). */
export const RegistrationOptions = z.strictObject({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.optional(z.string()) }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal("public-key") })),
  timeout: z.optional(z.number()),
  attestation: z.optional(z.enum(["direct", "enterprise", "indirect", "none"])),
  excludeCredentials: z.optional(z.array(CredentialDescriptor)),
  authenticatorSelection: z.optional(
    z.object({
      residentKey: z.optional(z.enum(["discouraged", "preferred", "required"])),
      userVerification: z.optional(z.enum(USER_VERIFICATION)),
      requireResidentKey: z.optional(z.boolean()),
      authenticatorAttachment: z.optional(z.enum(["cross-platform", "platform"])),
    }),
  ),
  extensions: z.optional(Extensions),
  hints: z.optional(z.array(z.enum(["hybrid", "security-key", "client-device"]))),
});
export type RegistrationOptions = z.output<typeof RegistrationOptions>;

/** What `navigator.credentials.get()` takes, as JSON (sign-in). */
export const SignInOptions = z.strictObject({
  rpId: z.string(),
  challenge: z.string(),
  /** Always empty: the browser offers the passkeys it holds for the site, nobody types an address. */
  allowCredentials: z.array(CredentialDescriptor),
  timeout: z.optional(z.number()),
  userVerification: z.optional(z.enum(USER_VERIFICATION)),
  extensions: z.optional(Extensions),
});
export type SignInOptions = z.output<typeof SignInOptions>;

const PasskeyShape = {
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** Null until it signs someone in. */
  lastUsedAt: z.nullable(z.string()),
};
/** A passkey as its owner sees it. */
export const Passkey = z.strictObject(PasskeyShape);
export type Passkey = z.output<typeof Passkey>;

/** In the list, each passkey says whether the session asking was opened with it. */
export const OwnPasskey = z.strictObject({
  ...PasskeyShape,
  /** Removing it signs this browser out too: the console warns before it does. */
  signedInWith: z.boolean(),
});
export type OwnPasskey = z.output<typeof OwnPasskey>;

/** A passkey's address; an id that is no passkey of the person's answers 404. */
const PasskeyId = z.object({ id: z.string() });

export const passkeysApi = {
  /** The options of a sign-in with any passkey the browser holds for the site. */
  signInOptions: endpoint({
    method: "POST",
    path: "/api/staff/sign-in/passkey/options",
    signedIn: false,
    body: NoBody,
    answers: { 200: SignInOptions, ...SIGN_IN_REFUSALS },
  }),
  /** Signs in with a passkey's answer: sets the session cookie, answers who signed in. */
  signInVerify: endpoint({
    method: "POST",
    path: "/api/staff/sign-in/passkey/verify",
    signedIn: false,
    body: AuthenticationBody,
    answers: { 200: Me, 401: Failed, ...SIGN_IN_REFUSALS },
  }),
  /** The options of registering a passkey; 400 when the person has as many as they may. */
  registerOptions: endpoint({
    method: "POST",
    path: "/api/staff/passkeys/register/options",
    roles: [],
    body: NoBody,
    answers: { 200: RegistrationOptions, ...REFUSALS },
  }),
  /** Checks the authenticator's answer and stores the passkey. */
  registerVerify: endpoint({
    method: "POST",
    path: "/api/staff/passkeys/register/verify",
    roles: [],
    body: RegistrationBody,
    answers: {
      201: z.strictObject({ id: z.string(), name: z.string(), createdAt: z.string() }),
      ...REFUSALS,
    },
  }),
  /** The person's own passkeys, oldest first. */
  list: sessionRead("/api/staff/passkeys", [], z.strictObject({ items: z.array(OwnPasskey) })),
  rename: endpoint({
    method: "PATCH",
    path: "/api/staff/passkeys/:id",
    roles: [],
    params: PasskeyId,
    body: z.object({ name: PasskeyName }),
    answers: { 200: Passkey, ...RECORD_REFUSALS },
  }),
  /**
   * Removes one of the person's passkeys and ends the sessions it opened: 204, no body, and the
   * cookie cleared when this session was one of them.
   */
  remove: endpoint({
    method: "DELETE",
    path: "/api/staff/passkeys/:id",
    roles: [],
    params: PasskeyId,
    answers: { 404: Failed, ...SESSION_REFUSALS },
  }),
};
