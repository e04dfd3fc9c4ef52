/**
 * How a prerendered page holds React Router's scripts until it has painted, agreed between the
 * build (scripts/first-paint-plugin.ts), the page (app/lib/start-after-paint.ts) and the server
 * (server/security/csp.ts): the bootstrap script keeps its place and its text, but this type
 * makes it a data block the browser neither runs nor fetches from. The page later runs a copy
 * with the same text as a module, which the Content-Security-Policy allows by its hash.
 */
export const HELD_SCRIPT_TYPE = "text/x-start-after-paint";
/** JSON array on the held script: the module preloads to add once the page has painted. */
export const PRELOADS_ATTRIBUTE = "data-preloads";
/** JSON array on the held script: the chunks to evaluate one per task, dependencies first. */
export const EVALUATION_ORDER_ATTRIBUTE = "data-evaluation-order";
