/**
 * Moves the start of the JavaScript of a prerendered page to after its first paint, and spreads
 * its evaluation over several short tasks.
 *
 * React Router writes `<link rel="modulepreload">` for every chunk of the page and an inline module
 * that imports them at once. The page is already complete HTML, but on a slow phone those ~120 KB
 * of JavaScript compete with the stylesheet and the hero image for the network, and hydration runs
 * before the browser has painted anything. Here the preload links are taken out of the HTML and
 * the inline module waits until the page and its first images are painted. Then it adds the same
 * preload links (so the chunks still download in parallel), evaluates the chunks one per task,
 * dependencies first (so no task holds the main thread for long), and finishes with React
 * Router's own bootstrap: route modules, then the client entry. See
 * docs/decisions/0005-hydrate-after-first-paint.md.
 */

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
// React Router's bootstrap: static imports of the manifest and route modules, then the client entry.
const BOOTSTRAP =
  /<script type="module" async="">(import "[^"]+";\s*(?:import \* as route\d+ from "[^"]+";\s*)+window\.__reactRouterRouteModules = \{[^}]*\};\s*import\("[^"]+"\);)<\/script>/;
// Static imports in a minified chunk: `import{a as b}from"./x.js"`, `import"./y.js"`; not `import(`.
const STATIC_IMPORT =
  /\bimport\s*(?:\{[^}]*\}|\*\s*as\s+[\w$]+|[\w$]+)?\s*(?:from\s*)?"\.\/([^"]+\.js)"/g;

const PRELOADS_PER_TASK = 4;
const MAX_WAIT_MS = 3000;

export class UnexpectedBuildOutput extends Error {}

/** The chunk files a chunk imports statically, as URLs beside it. */
export function staticImports(chunkUrl: string, source: string): string[] {
  const dir = chunkUrl.slice(0, chunkUrl.lastIndexOf("/") + 1);
  return [...source.matchAll(STATIC_IMPORT)].map((m) => dir + (m[1] ?? ""));
}

/** The chunks in an order where each comes after everything it imports. */
function dependenciesFirst(chunks: string[], importsOf: (url: string) => string[]): string[] {
  const ordered: string[] = [];
  const visit = (url: string, path: Set<string>) => {
    if (ordered.includes(url) || path.has(url)) return;
    path.add(url);
    for (const dep of importsOf(url)) if (chunks.includes(dep)) visit(dep, path);
    ordered.push(url);
  };
  for (const url of chunks) visit(url, new Set());
  return ordered;
}

export function deferHydration(
  html: string,
  page: string,
  importsOf: (url: string) => string[],
): string {
  // React Router changed its output if any of these is missing: the build fails rather than ship
  // pages that never hydrate.
  const fail = (what: string) =>
    new UnexpectedBuildOutput(`${page}: React Router's ${what} was not found`);
  const preloads = [...html.matchAll(PRELOAD)].map((m) => m[1] ?? "");
  const [bootstrap, body] = BOOTSTRAP.exec(html) ?? [];
  if (preloads.length === 0 || !bootstrap || !body) throw fail("module bootstrap");
  const manifest = /^import "([^"]+)";/.exec(body)?.[1];
  const modules = /window\.__reactRouterRouteModules = (\{[^}]*\});/.exec(body)?.[1];
  const entry = /import\("([^"]+)"\);\s*$/.exec(body)?.[1];
  if (!manifest || !modules || !entry) throw fail("manifest, route modules or client entry");
  const routes = [...body.matchAll(/import \* as (route\d+) from "([^"]+)";/g)].map((m) => ({
    name: m[1] ?? "",
    src: m[2] ?? "",
  }));
  // The client entry hydrates as it is evaluated: it must come last, after the route modules.
  const chunks = [
    manifest,
    ...dependenciesFirst(
      preloads.filter((url) => url !== manifest && url !== entry),
      importsOf,
    ),
  ];

  const script = [
    "const nextTask=()=>new Promise(r=>setTimeout(r,0));",
    "const start=async()=>{",
    // Starting a request costs the main thread about a millisecond on a phone: a few per task.
    `const hrefs=${JSON.stringify(preloads)};`,
    `for(let i=0;i<hrefs.length;i+=${PRELOADS_PER_TASK}){for(const href of hrefs.slice(i,i+${PRELOADS_PER_TASK})){const l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.append(l)}await nextTask()}`,
    `for(const href of ${JSON.stringify(chunks)}){await import(href);await nextTask()}`,
    `const [${routes.map((r) => r.name).join(",")}]=await Promise.all([${routes.map((r) => `import(${JSON.stringify(r.src)})`).join(",")}]);`,
    `window.__reactRouterRouteModules=${modules};`,
    `await import(${JSON.stringify(entry)})};`,
    // Once the browser reports the first contentful paint and the page's eager images (the hero
    // is usually the largest paint) have loaded, and a frame has shown them. Not on "load", which
    // also waits for embedded frames of other sites. A stalled image or a browser without paint
    // timing holds the start for at most MAX_WAIT_MS. A background tab paints nothing and gets
    // no frames: it starts at once.
    'const hidden=()=>document.visibilityState==="hidden";',
    'const painted=new Promise(r=>{if(!PerformanceObserver.supportedEntryTypes?.includes("paint"))return r();new PerformanceObserver((l,o)=>{if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();r()}}).observe({type:"paint",buffered:true})});',
    'const images=[...document.images].filter(i=>i.loading!=="lazy"&&!i.complete).map(i=>i.decode().catch(()=>{}));',
    `const ready=hidden()?Promise.resolve():Promise.race([Promise.all([painted,...images]),new Promise(r=>setTimeout(r,${MAX_WAIT_MS}))]);`,
    "ready.then(()=>hidden()?start():requestAnimationFrame(()=>setTimeout(start,0)));",
  ].join("");

  return html.replace(PRELOAD, "").replace(bootstrap, `<script type="module">${script}</script>`);
}
