/**
 * Moves the start of the JavaScript of a prerendered page to after its first paint.
 *
 * React Router writes `<link rel="modulepreload">` for every chunk of the page and an inline module
 * that imports them at once. The page is already complete HTML, but on a slow phone those ~115 KB
 * of JavaScript compete with the stylesheet and the hero image for the network, and hydration runs
 * before the browser has painted anything. Here the preload links are taken out of the HTML and
 * the inline module waits for the first frame; then it adds the same preload links (so the chunks
 * still download in parallel) and runs the same imports in the same order. See
 * docs/decisions/0005-hydrate-after-first-paint.md.
 */

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
// React Router's bootstrap: static imports of the manifest and route modules, then the client entry.
const BOOTSTRAP =
  /<script type="module" async="">(import "[^"]+";\s*(?:import \* as route\d+ from "[^"]+";\s*)+window\.__reactRouterRouteModules = \{[^}]*\};\s*import\("[^"]+"\);)<\/script>/;

export class UnexpectedBuildOutput extends Error {}

export function deferHydration(html: string, page: string): string {
  const preloads = [...html.matchAll(PRELOAD)].map((m) => m[1]);
  const bootstrap = BOOTSTRAP.exec(html);
  if (preloads.length === 0 || !bootstrap) {
    // React Router changed its output: fail the build rather than ship pages that never hydrate.
    throw new UnexpectedBuildOutput(`${page}: React Router's module bootstrap was not found`);
  }
  const body = bootstrap[1];
  const manifest = /^import "([^"]+)";/.exec(body)![1];
  const routes = [...body.matchAll(/import \* as (route\d+) from "([^"]+)";/g)].map((m) => ({
    name: m[1],
    src: m[2],
  }));
  const modules = /window\.__reactRouterRouteModules = (\{[^}]*\});/.exec(body)![1];
  const entry = /import\("([^"]+)"\);\s*$/.exec(body)![1];

  const script = [
    "const start=()=>{",
    `for(const href of ${JSON.stringify(preloads)}){const l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.append(l)}`,
    `import(${JSON.stringify(manifest)})`,
    `.then(()=>Promise.all([${routes.map((r) => `import(${JSON.stringify(r.src)})`).join(",")}]))`,
    `.then(([${routes.map((r) => r.name).join(",")}])=>{window.__reactRouterRouteModules=${modules};return import(${JSON.stringify(entry)})})};`,
    // A page opened in a background tab gets no frames; it starts at once.
    'if(document.visibilityState==="hidden")start();else requestAnimationFrame(()=>setTimeout(start,0));',
  ].join("");

  return html
    .replace(PRELOAD, "")
    .replace(bootstrap[0], `<script type="module">${script}</script>`);
}
