/**
 * The text the staff inbox searches in, kept with each contact message and demo request
 * (`search_text`, migration 0007). Written in JavaScript, so "Ɛ" and "É" are lower-cased the
 * same way on SQLite (whose lower() knows ASCII only) and on PostgreSQL. The fields are joined by
 * a separator nobody types, so a search never matches across two fields.
 */
const SEPARATOR = "\u001f";

export function searchText(fields: readonly (string | null | undefined)[]): string {
  return fields
    .filter((field): field is string => Boolean(field))
    .join(SEPARATOR)
    .toLowerCase();
}

/** The fields of a contact message that the inbox searches: name, e-mail, message. */
export function contactSearchText(contact: {
  first_name: string;
  last_name: string;
  email: string;
  message: string;
}): string {
  return searchText([`${contact.first_name} ${contact.last_name}`, contact.email, contact.message]);
}

/** The fields of a demo request that the inbox searches: name, e-mail, company. */
export function demoSearchText(demo: { name: string; email: string; company: string }): string {
  return searchText([demo.name, demo.email, demo.company]);
}

/** What someone typed in the search box, as it is compared: lower-cased, without separators. */
export function searchTerm(text: string): string {
  return text.toLowerCase().replaceAll(SEPARATOR, "");
}
