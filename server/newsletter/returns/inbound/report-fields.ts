import { simpleParser } from "mailparser";

/**
 * The machine-readable part of a report: RFC 3464's message/delivery-status and RFC 5965's
 * message/feedback-report are groups of header fields, one group per blank-line-separated block
 * (a DSN's first group is about the message, each next one about one recipient). Each block is
 * read by mailparser as the header of an empty message, so folding, encoded words and case are
 * handled as in any header.
 */
export type FieldGroup = Map<string, string[]>;

/**
 * A report part's text as its blocks of fields, in order, empty blocks skipped: at most `max`
 * of them, and the text after those (`rest`), left unsplit so that a huge part costs little.
 */
export function fieldBlocks(text: string, max = Infinity): { blocks: string[]; rest: string } {
  const separator = /\r?\n[ \t]*\r?\n/g;
  const blocks: string[] = [];
  let start = 0;
  while (blocks.length < max && start < text.length) {
    const match = separator.exec(text);
    const end = match ? match.index : text.length;
    const block = text.slice(start, end).replace(/\r\n/g, "\n");
    if (block.trim() !== "") blocks.push(block);
    start = match ? end + match[0].length : text.length;
  }
  return { blocks, rest: text.slice(start) };
}

/** The field groups of a report part's text (or of its blocks), in order. */
export async function readFieldGroups(text: string | string[]): Promise<FieldGroup[]> {
  const blocks = typeof text === "string" ? fieldBlocks(text).blocks : text;
  const groups: FieldGroup[] = [];
  for (const block of blocks) {
    const parsed = await simpleParser(`${block.trim()}\n\n`, {
      skipHtmlToText: true,
      skipTextToHtml: true,
      skipImageLinks: true,
    });
    const group: FieldGroup = new Map();
    for (const { key } of parsed.headerLines) {
      const value = parsed.headers.get(key);
      const values = (Array.isArray(value) ? value : [value]).filter(
        (v): v is string => typeof v === "string",
      );
      if (values.length) group.set(key, values);
    }
    if (group.size) groups.push(group);
  }
  return groups;
}

/** A field's first value, trimmed; undefined when absent. */
export function field(group: FieldGroup, name: string): string | undefined {
  return group.get(name)?.[0]?.trim() || undefined;
}

/**
 * An address-type field's address: `rfc822; ama@example.com` → `ama@example.com` (RFC 3464
 * §2.3.2: the type, a semicolon, then the address). Other address types name no mailbox.
 */
export function rfc822Address(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const semicolon = value.indexOf(";");
  const type = semicolon < 0 ? "rfc822" : value.slice(0, semicolon).trim().toLowerCase();
  const address = (semicolon < 0 ? value : value.slice(semicolon + 1)).trim().replace(/^<|>$/g, "");
  return (type === "rfc822" || type === "utf-8") && address.includes("@") ? address : undefined;
}
