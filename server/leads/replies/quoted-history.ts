/**
 * The new words of an e-mail answer: what the customer wrote above the history their mail
 * program quoted. Cut at the line that introduces the quote ("On Mon, 7 Dec 2026, Ama wrote:",
 * which some programs wrap over two lines, or Outlook's "-----Original Message-----"), and
 * without the lines quoted with ">" anywhere else. Trailing blank lines go; what is left is cut at
 * `max` characters, "…" saying so.
 */
const ATTRIBUTION_START = /^\s*On\s.+/i;
const ATTRIBUTION_END = /\bwrote:\s*$/i;
const ORIGINAL_MESSAGE = /^\s*-{2,}\s*Original Message\s*-{2,}\s*$/i;
const QUOTED = /^\s*>/;

export function newText(text: string, max: number): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] as string;
    if (ORIGINAL_MESSAGE.test(line)) break;
    if (ATTRIBUTION_START.test(line)) {
      const next = lines[i + 1] ?? "";
      if (ATTRIBUTION_END.test(line) || ATTRIBUTION_END.test(next)) break;
    }
    if (QUOTED.test(line)) continue;
    kept.push(line.trimEnd());
  }
  const words = kept.join("\n").trim();
  return words.length > max ? `${words.slice(0, max - 1)}…` : words;
}
