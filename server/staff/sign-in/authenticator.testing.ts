/**
 * A software authenticator for the tests: it makes passkeys (P-256 keys from node:crypto) and
 * answers registration and sign-in options the way a browser and an authenticator together do,
 * with `none` attestation and real ES256 signatures, so the server's checks run for real.
 */
import {
  type KeyObject,
  createHash,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
} from "node:crypto";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/** Flags of authenticator data (WebAuthn §6.1). */
const UP = 0x01;
const UV = 0x04;
const BE = 0x08;
const BS = 0x10;
const AT = 0x40;

/** COSE: key type EC2, algorithm ES256, curve P-256. */
const COSE_EC2 = 2;
const COSE_ES256 = -7;
const COSE_P256 = 1;

export interface TestPasskey {
  /** base64url credential id. */
  id: string;
  rpId: string;
  /** base64url user handle the site gave at registration. */
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

export interface AuthenticatorOptions {
  /** Count signatures (a security key does); synced passkeys always report 0. */
  counting?: boolean;
  /** Say that the user was verified (PIN, fingerprint). */
  verifiesUser?: boolean;
  /** Say that the passkey is synced and backed up. */
  synced?: boolean;
}

/** What a test may change about one answer, to make it wrong. */
export interface Tampering {
  /** The origin the "browser" reports in clientDataJSON (default: the site's). */
  origin?: string;
  /** The clientDataJSON type (default webauthn.create / webauthn.get). */
  type?: string;
  /** Another challenge than the options'. */
  challenge?: string;
}

/** What a test may change about a registration: also, present a passkey made before again. */
export interface RegistrationTampering extends Tampering {
  /** Register this passkey (same credential id and key) again, excluded or not. */
  reuse?: TestPasskey;
}

type CBOR = Parameters<typeof isoCBOR.encode>[0];

const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();
const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

export class TestAuthenticator {
  readonly passkeys: TestPasskey[] = [];
  private readonly options: Required<AuthenticatorOptions>;

  constructor(options: AuthenticatorOptions = {}) {
    this.options = { counting: false, verifiesUser: true, synced: false, ...options };
  }

  private flags(extra: number): number {
    let flags = UP | extra;
    if (this.options.verifiesUser) flags |= UV;
    if (this.options.synced) flags |= BE | BS;
    return flags;
  }

  /** navigator.credentials.create() with these options, then `toJSON()` of the credential. */
  register(
    options: PublicKeyCredentialCreationOptionsJSON,
    origin: string,
    { reuse, ...tampering }: RegistrationTampering = {},
  ): RegistrationResponseJSON {
    const rpId = options.rp.id ?? new URL(origin).hostname;
    const excluded = new Set((options.excludeCredentials ?? []).map((c) => c.id));
    if (!reuse && this.passkeys.some((p) => p.rpId === rpId && excluded.has(p.id))) {
      throw new Error("InvalidStateError: this authenticator already holds a passkey for you");
    }
    const privateKey =
      reuse?.privateKey ?? generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey;
    const publicKey = createPublicKey(privateKey);
    const jwk = publicKey.export({ format: "jwk" });
    const cosePublicKey = isoCBOR.encode(
      new Map<number, CBOR>([
        [1, COSE_EC2],
        [3, COSE_ES256],
        [-1, COSE_P256],
        [-2, Buffer.from(jwk.x ?? "", "base64url")],
        [-3, Buffer.from(jwk.y ?? "", "base64url")],
      ]),
    );
    const credentialId = reuse ? Buffer.from(reuse.id, "base64url") : randomBytes(32);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(AT)]),
      counterBytes(0),
      Buffer.alloc(16), // AAGUID: zeros, as with `none` attestation
      idLength,
      credentialId,
      cosePublicKey,
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, CBOR>([
        ["fmt", "none"],
        ["attStmt", new Map<string, CBOR>()],
        ["authData", new Uint8Array(authData)],
      ]),
    );
    const clientDataJSON = JSON.stringify({
      type: tampering.type ?? "webauthn.create",
      challenge: tampering.challenge ?? options.challenge,
      origin: tampering.origin ?? origin,
      crossOrigin: false,
    });
    const id = b64url(credentialId);
    if (!reuse)
      this.passkeys.push({ id, rpId, userHandle: options.user.id, privateKey, counter: 0 });
    return {
      id,
      rawId: id,
      type: "public-key",
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(Buffer.from(clientDataJSON)),
        attestationObject: b64url(attestationObject),
        transports: ["internal", "hybrid"],
      },
    };
  }

  /**
   * navigator.credentials.get() with these options, then `toJSON()`: the passkey given (default
   * the last one made for the site) signs the challenge.
   */
  signIn(
    options: PublicKeyCredentialRequestOptionsJSON,
    origin: string,
    { passkey, ...tampering }: Tampering & { passkey?: TestPasskey } = {},
  ): AuthenticationResponseJSON {
    const rpId = options.rpId ?? new URL(origin).hostname;
    const chosen = passkey ?? this.passkeys.filter((p) => p.rpId === rpId).at(-1);
    if (!chosen) throw new Error("NotAllowedError: no passkey for this site");
    if (this.options.counting) chosen.counter += 1;
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(0)]),
      counterBytes(chosen.counter),
    ]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: tampering.type ?? "webauthn.get",
        challenge: tampering.challenge ?? options.challenge,
        origin: tampering.origin ?? origin,
        crossOrigin: false,
      }),
    );
    const signature = sign(
      "sha256",
      Buffer.concat([authData, sha256(clientDataJSON)]),
      chosen.privateKey,
    );
    return {
      id: chosen.id,
      rawId: chosen.id,
      type: "public-key",
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: chosen.userHandle,
      },
    };
  }
}
