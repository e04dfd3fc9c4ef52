/**
 * The islands' scripts in the client environment of the site's build (vite.config.ts;
 * docs/decisions/0037-forms-as-islands.md): each module of app/islands/entries/ is an entry;
 * React and React DOM are chunks of their own, so each is evaluated in a task of its own; every
 * chunk starts with V8's compile hint, so Chrome compiles it on a background thread while it
 * downloads instead of on the main thread at its first call. Vite's manifest records the entries
 * and what each imports; the renderer reads it (app/lib/page-assets.ts).
 */
import type { Plugin } from "vite";

const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/** The chunk of a library module (undefined: Rollup decides). */
export function libraryChunk(id: string): string | undefined {
  const library = /\/node_modules\/(react-dom|react|scheduler)\//.exec(id)?.[1];
  if (library === "scheduler") return "react-dom";
  return library;
}

export function islandsBuild(): Plugin {
  return {
    name: "islands-build",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle: {
      // After Vite's own work, which can put a helper at the top of a chunk: the hint must be
      // the file's first line. Added after minification, which would drop the comment.
      order: "post",
      handler(_options, bundle) {
        for (const file of Object.values(bundle))
          if (file.type === "chunk") file.code = `${COMPILE_HINT}\n${file.code}`;
      },
    },
  };
}
