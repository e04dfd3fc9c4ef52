/**
 * How a prerendered page marks the parts React brings to life (its forms), agreed between the
 * page's render (app/islands/island.tsx), the page's inline script that starts them after the
 * first paint (app/lib/start-after-paint.ts) and the tests. Everything else on a page is plain
 * HTML whose widgets need no framework (docs/decisions/0037-forms-as-islands.md).
 */

/** On an island's container: its name, unique within the page (`<entry>:<part>`). */
export const ISLAND_ATTRIBUTE = "data-island";
/** JSON on an island's container: the props its part was rendered with. */
export const ISLAND_PROPS_ATTRIBUTE = "data-island-props";
/** On an island's container: the URL of the script that hydrates it. */
export const ISLAND_ENTRY_ATTRIBUTE = "data-island-entry";
/** JSON array on an island's container: the entry's chunks, each after those it imports. */
export const ISLAND_CHUNKS_ATTRIBUTE = "data-island-chunks";
