import { consolePaths, newsletterLinkPaths } from "./paths";

/**
 * The Speculation Rules every public page carries (app/document.tsx): Chromium prerenders a page of
 * the site the moment a visitor shows they are about to open it (a pointer resting on its link,
 * or a finger or button going down on it), so the next page shows at once, with no framework
 * involved. Never eagerly: a visitor on a metered phone plan pays only for pages they reach for.
 *
 * Never for the console, the API, or the newsletter's confirm and unsubscribe pages: those act
 * on a token, and a prerender must not be mistaken for the person's visit. The server's
 * Content-Security-Policy allows the block by its hash (server/security/csp.ts), as it does the
 * page's other inline script. Decision 0036 in docs/decisions/ says why.
 */
export const SPECULATION_RULES = {
  prerender: [
    {
      where: {
        and: [
          { href_matches: "/*" },
          {
            not: {
              href_matches: [
                consolePaths.console,
                `${consolePaths.console}/*`,
                "/api/*",
                `${newsletterLinkPaths.confirm}*`,
                `${newsletterLinkPaths.unsubscribe}*`,
              ],
            },
          },
          // A link the page marks as not to be followed ahead of time (a download, say).
          { not: { selector_matches: "[rel~=nofollow], [download]" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
};

/** The text of the page's `<script type="speculationrules">`, the one its CSP hash is of. */
export const speculationRulesText = JSON.stringify(SPECULATION_RULES);
