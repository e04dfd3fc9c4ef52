/**
 * The entries of the client build (vite.config.ts), by their paths from the repository's root:
 * the islands' scripts, one per module of this folder, and the site's stylesheet. The renderer
 * finds their built files in Vite's manifest under these names (page-assets.ts).
 */
export const ENTRIES_DIR = "app/islands/entries/";
export const STYLESHEET = "app/app.css";
