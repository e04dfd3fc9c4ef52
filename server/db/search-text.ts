/**
 * The text the staff inbox searches in, kept with each contact message and demo request
 * (`search_text`, migrations 0007, 0014 and 0018). Written in JavaScript, so "Ɛ" and "É" are
 * lower-cased the same way on SQLite (whose lower() knows ASCII only) and on PostgreSQL. The
 * fields are joined by a separator nobody types, so a word of a search never matches across two
 * fields.
 */
import { readPhone } from "../../leads/phone";

const SEPARATOR = "\u001f";

export function searchText(fields: readonly (string | null | undefined)[]): string {
  return fields
    .filter((field): field is string => Boolean(field))
    .join(SEPARATOR)
    .toLowerCase();
}

/**
 * A lead's phone number as the search text keeps it: read by leads/phone.ts, its E.164 form
 * ("+233559211848") and the digits dialled at home ("0559211848"), two fields, so that a search
 * in either spelling, whole or in part, finds it. A number the library cannot read keeps its
 * digits as typed, so a search of those digits still finds it.
 */
export function phoneSearchFields(phone: string): string[] {
  const number = readPhone(phone);
  return number ? [number.e164, number.national] : [phone.replace(/\D/g, "")];
}

/** The fields of a contact message that the inbox searches: name, e-mail, message, phone. */
export function contactSearchText(contact: {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  message: string;
}): string {
  return searchText([
    `${contact.first_name} ${contact.last_name}`,
    contact.email,
    contact.message,
    ...phoneSearchFields(contact.phone),
  ]);
}

/** The fields of a demo request that the inbox searches: name, e-mail, company, phone. */
export function demoSearchText(demo: {
  name: string;
  email: string;
  phone: string;
  company: string;
}): string {
  return searchText([demo.name, demo.email, demo.company, ...phoneSearchFields(demo.phone)]);
}

/** What someone typed in the search box, as it is compared: lower-cased, without separators. */
export function searchTerm(text: string): string {
  return text.toLowerCase().replaceAll(SEPARATOR, "");
}

/** Characters a phone number is written with besides its digits. */
const PHONE_LIKE = /^[\d\s+()./-]*\d[\d\s+()./-]*$/;

/**
 * What a search looks for (server/leads/inbox/lead-query.ts), each term to be found in a lead's
 * search text. Written like a phone number, one term: a whole number is its E.164 form, which
 * phoneSearchFields() keeps for every spelling ("+233 55 921 1848" finds 055-921-1848); a part
 * of one is its digits without an international 00 ("921 1848", "+233 55 921" and "055 921" are
 * in the E.164 form or the national digits). Otherwise its words, in any order ("Mensah Kofi"
 * finds Kofi Mensah).
 */
export function searchTerms(text: string): string[] {
  if (PHONE_LIKE.test(text)) {
    return [readPhone(text)?.e164 ?? text.replace(/\D/g, "").replace(/^00/, "")];
  }
  return searchTerm(text).split(/\s+/).filter(Boolean);
}
