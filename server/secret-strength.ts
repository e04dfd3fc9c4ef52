/**
 * Whether a secret set in the environment was made by a machine or by hand: config.ts's
 * WEBHOOK_SECRET and config-deliverability.ts's INBOUND_MAIL_SECRET and POSTMARK_WEBHOOK_PASSWORD
 * stop the server with the reason and how to make a good one. Not a test of randomness, only of
 * the ways people make secrets by hand ("aaaa…", "passwordpassword…", a phrase in base64); another
 * `openssl rand` is the remedy in the rare case a random one fails.
 */

const MAKE_WEBHOOK_SECRET = "make one with `echo whsec_$(openssl rand -base64 32)`";
/** The size of the secrets Standard Webhooks providers issue: 192 bits, beyond guessing. */
const MIN_SECRET_BYTES = 24;

/**
 * Why WEBHOOK_SECRET is unfit to sign with, if it is: it must be `whsec_` and the standard,
 * padded base64 of at least 24 random bytes (receivers in some languages refuse base64 that is
 * unpadded or has stray characters, and would then reject every webhook).
 */
export function webhookSecretProblem(value: string): string | undefined {
  const base64 = value.startsWith("whsec_") ? value.slice("whsec_".length) : "";
  const bytes = Buffer.from(base64, "base64");
  if (!base64 || bytes.toString("base64") !== base64)
    return `must be whsec_ followed by base64; ${MAKE_WEBHOOK_SECRET}`;
  if (bytes.length < MIN_SECRET_BYTES)
    return `must hold at least ${MIN_SECRET_BYTES} random bytes, this one has ${bytes.length}; ${MAKE_WEBHOOK_SECRET}`;
  if (!looksRandom(bytes))
    return `is not random (a byte or a short pattern repeated, too few different bytes, or text); ${MAKE_WEBHOOK_SECRET}`;
  return undefined;
}

const MAKE_TYPED_SECRET = "make one with `openssl rand -base64 32`";

/**
 * Why a secret typed as text (an HMAC key, a password a provider sends back) is unfit, if it is:
 * shorter than `minLength` characters, or plainly not random by the rules of `looksRandom` that
 * apply to text (a period; few different characters). Text may be printable, so the rule
 * against text does not apply, and the threshold of different characters is one that `openssl
 * rand -hex` output passes too: a quarter of the length, at most 8. Random hex shows about 14
 * different characters in 32, 10 in 16; the chance it shows fewer than 8 in 32, or fewer than 4
 * in 16, is below one in ten million.
 */
export function typedSecretProblem(value: string, minLength: number): string | undefined {
  const characters = [...value].map((character) => character.codePointAt(0) ?? 0);
  if (characters.length < minLength)
    return `must be at least ${minLength} characters; ${MAKE_TYPED_SECRET}`;
  if (repeatsAPattern(characters))
    return `is not random (a character or a short pattern repeated); ${MAKE_TYPED_SECRET}`;
  const fewest = Math.min(Math.ceil(characters.length / 4), 8);
  if (new Set(characters).size < fewest)
    return `is not random (fewer than ${fewest} different characters); ${MAKE_TYPED_SECRET}`;
  return undefined;
}

/**
 * False for bytes plainly not drawn at random. Random bytes fail one of these about once in ten
 * billion at 24 bytes (the text rule), and far less often at 32.
 * - A period: the bytes are a shorter run repeated ("AAAA…", "abcabc…").
 * - Few different values: n random bytes take about 256·(1 − (255/256)^n) different values
 *   (23 of 24, 30 of 32); fewer than n/2 (128 at most) means a small alphabet.
 * - Text: every byte printable ASCII, a password or phrase put through base64.
 */
function looksRandom(bytes: Buffer): boolean {
  if (repeatsAPattern(bytes)) return false;
  const n = bytes.length;
  if (new Set(bytes).size < Math.min(Math.ceil(n / 2), 128)) return false;
  return !bytes.every(
    (byte) => (byte >= 0x20 && byte < 0x7f) || byte === 0x09 || byte === 0x0a || byte === 0x0d,
  );
}

/** Whether `symbols` are a shorter run repeated whole or in part ("aaaa", "abcabca"). */
function repeatsAPattern(symbols: ArrayLike<number>): boolean {
  const n = symbols.length;
  for (let period = 1; period <= n / 2; period++) {
    let repeats = true;
    for (let i = period; i < n && repeats; i++) repeats = symbols[i] === symbols[i - period];
    if (repeats) return true;
  }
  return false;
}
