/**
 * What a phone number is, read one way by the server, the console and the forms: Google's
 * numbering rules (libphonenumber-js, its "min" metadata), Ghana being the country of a number
 * written without a country code. See docs/decisions/0041-one-reading-of-phone-numbers.md.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js";

/** The country of a number written without its code: "055 921 1848" is a Ghanaian number. */
export const DEFAULT_PHONE_REGION = "GH";

/** A phone number as read: one form to store and compare, one as it is dialled at home. */
export interface PhoneNumber {
  /** E.164, the one international form: "+233559211848" however it was written. */
  e164: string;
  /** The digits dialled within its country, trunk prefix included: "0559211848". */
  national: string;
}

/**
 * Reads a phone number from what someone typed, or null when it holds none. A number counts when
 * its length is possible for its country; whether its leading digits are in use is not asked,
 * because operators open new ranges (Ghana's 053, 059) before a library release knows them, and
 * a number stored or looked up must not change its reading with an upgrade. So "000 000 0000"
 * reads as "+233000000000", while "abc", "0559" (too short) and "055 921 18481" (too long) are
 * null. Words around one number are ignored ("0559211848 (WhatsApp)"); an extension is dropped.
 */
export function readPhone(text: string): PhoneNumber | null {
  const parsed = parsePhoneNumberFromString(text, DEFAULT_PHONE_REGION);
  if (!parsed?.isPossible()) return null;
  // Read again from E.164, which carries no extension, so the national digits hold none.
  const national = parsePhoneNumberFromString(parsed.number)?.formatNational() ?? "";
  return { e164: parsed.number, national: national.replace(/\D/g, "") };
}

/** A phone number's E.164 form ("+233559211848"), or null when the text holds no number. */
export function phoneE164(text: string): string | null {
  return readPhone(text)?.e164 ?? null;
}
