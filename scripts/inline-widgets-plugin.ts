import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { Plugin } from "vite";

const ENTRY = fileURLToPath(new URL("../app/widgets/index.ts", import.meta.url));
const MODULE_ID = "virtual:widgets-script";
const RESOLVED_ID = `\0${MODULE_ID}`;

/**
 * Makes `import script from "virtual:widgets-script"` the widget modules (app/widgets/) bundled
 * and minified into one script, as text. The root layout writes it into every page's <head>, so
 * menus, dialogs, accordions and carousels answer taps from the first paint, whatever React is
 * still downloading. Only the prerendering (server) side gets the text: the browser already
 * has it in the page, and shipping it again inside the JavaScript would cost bytes for nothing.
 * The server allows the inline script by its hash (server/security/csp.ts).
 */
export function inlineWidgets(): Plugin {
  return {
    name: "inline-widgets",
    resolveId: (source) => (source === MODULE_ID ? RESOLVED_ID : undefined),
    async load(id, options) {
      if (id !== RESOLVED_ID) return undefined;
      if (!options?.ssr) return "export default '';";
      const result = await build({
        entryPoints: [ENTRY],
        bundle: true,
        minify: true,
        format: "iife",
        target: "es2022",
        write: false,
        metafile: true,
      });
      for (const input of Object.keys(result.metafile.inputs)) {
        this.addWatchFile(fileURLToPath(new URL(`../${input}`, import.meta.url)));
      }
      return `export default ${JSON.stringify(result.outputFiles[0]?.text.trim() ?? "")};`;
    },
  };
}
