/**
 * The text the staff inbox searches in, kept with each contact message and demo request
 * (`search_text`, migrations 0007 and 0014). Written in JavaScript, so "Ɛ" and "É" are lower-cased
 * the same way on SQLite (whose lower() knows ASCII only) and on PostgreSQL. The fields are joined
 * by a separator nobody types, so a word of a search never matches across two fields.
 */
const SEPARATOR = "\u001f";

export function searchText(fields: readonly (string | null | undefined)[]): string {
  return fields
    .filter((field): field is string => Boolean(field))
    .join(SEPARATOR)
    .toLowerCase();
}

/** Ghana's country code: +233 55 921 1848 and 055 921 1848 are the same number. */
const GHANA = "233";

/**
 * A phone number's digits as one form whatever way it was written: punctuation and spaces go, an
 * international prefix (00) goes, and Ghana's country code becomes the trunk 0 that people dial
 * at home ("+233 55 921 1848", "233559211848" and "055-921-1848" are all "0559211848"). A number
 * of another country keeps its country code ("+44 20 7946 0958" is "442079460958"). Digits only
 * begin with 233 when they are the country code: Ghana's own numbers begin with 0.
 */
export function phoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, "").replace(/^00/, "");
  return digits.startsWith(GHANA) && digits.length > GHANA.length
    ? `0${digits.slice(GHANA.length)}`
    : digits;
}

/** The fields of a contact message that the inbox searches: name, e-mail, message, phone digits. */
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
    phoneDigits(contact.phone),
  ]);
}

/** The fields of a demo request that the inbox searches: name, e-mail, company, phone digits. */
export function demoSearchText(demo: {
  name: string;
  email: string;
  phone: string;
  company: string;
}): string {
  return searchText([demo.name, demo.email, demo.company, phoneDigits(demo.phone)]);
}

/** What someone typed in the search box, as it is compared: lower-cased, without separators. */
export function searchTerm(text: string): string {
  return text.toLowerCase().replaceAll(SEPARATOR, "");
}

/** Characters a phone number is written with besides its digits. */
const PHONE_LIKE = /^[\d\s+()./-]*\d[\d\s+()./-]*$/;

/**
 * What a search looks for (server/staff/inbox/lead-query.ts), each term to be found in a lead's
 * search text. Written like a phone number, one term: the number's digits as phoneDigits() keeps
 * them ("+233 55 921 1848" finds 055-921-1848). Otherwise its words, in any order ("Mensah Kofi"
 * finds Kofi Mensah).
 */
export function searchTerms(text: string): string[] {
  const digits = PHONE_LIKE.test(text) ? phoneDigits(text) : "";
  return digits ? [digits] : searchTerm(text).split(/\s+/).filter(Boolean);
}
