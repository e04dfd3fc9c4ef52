import { site, ussdExtensionCode } from "@common/site";

/** What an API example may name with a `{{token}}`: facts that change with the brand. */
const TOKENS: Record<string, string> = {
  apiBaseUrl: site.apiBaseUrl,
  ussdExtensionCode,
};

/**
 * An API example of a service page, read from a text file beside this module, with its tokens
 * filled in. An unknown token throws, so a typo fails the build rather than reach the page.
 */
export function apiExample(source: string): string {
  return source.replace(/\n$/, "").replace(/\{\{(\w+)\}\}/g, (_match, token: string) => {
    const value = TOKENS[token];
    if (value === undefined) throw new Error(`Unknown token {{${token}}} in an API example`);
    return value;
  });
}
