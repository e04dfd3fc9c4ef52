/**
 * Starts the page's islands (its forms, app/islands/) once the page has painted, in short tasks.
 *
 * Every page is complete HTML and its menus, dialogs, accordions and carousels work without
 * React (app/widgets/). A form's island names the script that hydrates it and that script's
 * chunks (common/islands.ts); nothing of it is in the HTML as a script or a preload, so it
 * takes no bandwidth or main-thread time from the first paint. This code, part of the inline
 * script in every page's <head>:
 * 1. waits until the browser has reported its first contentful paint and the page's eager images
 *    (the hero: usually the largest paint) have loaded, and a frame has shown them; a stalled
 *    image or a browser without paint timing holds the start for at most MAX_WAIT_MS, and a page
 *    in a background tab starts at once;
 * 2. adds the chunks' preload links two per task (in a trace with the CPU slowed 4×, starting
 *    each request took about 5 ms), so they download in parallel while a tap made meanwhile
 *    waits behind no long task;
 * 3. evaluates the chunks one per task, each after those it imports (the build lists them in
 *    that order), so no task holds the main thread for long;
 * 4. imports the island's entry, which hydrates the page's islands.
 * See docs/decisions/0037-forms-as-islands.md.
 */

import { ISLAND_CHUNKS_ATTRIBUTE, ISLAND_ENTRY_ATTRIBUTE } from "@common/islands";
import { whenParsed } from "../widgets/dom";

export const PRELOADS_PER_TASK = 2;
export const MAX_WAIT_MS = 3000;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Resolves once the first contentful paint is reported (at once where paint timing is missing). */
function firstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) return resolve();
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      resolve();
    }).observe({ type: "paint", buffered: true });
  });
}

/** Resolves once the page is painted with its eager images, or after MAX_WAIT_MS. */
export function painted(doc: Document = document): Promise<void> {
  if (doc.visibilityState === "hidden") return Promise.resolve();
  const images = [...doc.images]
    .filter((image) => image.loading !== "lazy" && !image.complete)
    .map((image) => image.decode().catch(() => undefined));
  const shown = Promise.all([firstContentfulPaint(), ...images]).then(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
  );
  return Promise.race([shown, new Promise<void>((resolve) => setTimeout(resolve, MAX_WAIT_MS))]);
}

/** The scripts that hydrate the page's islands: each entry once, with its chunks. */
export function islandScriptsIn(doc: Document = document) {
  const entries = new Map<string, string[]>();
  for (const island of doc.querySelectorAll(`[${ISLAND_ENTRY_ATTRIBUTE}]`)) {
    const entry = island.getAttribute(ISLAND_ENTRY_ATTRIBUTE) ?? "";
    const chunks = JSON.parse(island.getAttribute(ISLAND_CHUNKS_ATTRIBUTE) ?? "[]") as string[];
    entries.set(entry, chunks);
  }
  return entries;
}

const importModule = (url: string) => import(/* @vite-ignore */ url);

/** Steps 2–4 above. */
export async function startIslands(
  entries: Map<string, string[]>,
  { doc = document, load = importModule }: { doc?: Document; load?: (url: string) => unknown } = {},
) {
  // The chunks, each once, dependencies first; then the entries, which hydrate.
  const urls = [...new Set([...entries.values()].flat()), ...entries.keys()];
  for (let i = 0; i < urls.length; i += PRELOADS_PER_TASK) {
    for (const href of urls.slice(i, i + PRELOADS_PER_TASK)) {
      const link = doc.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      doc.head.append(link);
    }
    await nextTask();
  }
  for (const url of urls) {
    await load(url);
    await nextTask();
  }
}

/** Runs once the document is parsed; a page without islands does nothing. */
export function startAfterFirstPaint(): void {
  whenParsed(() => {
    const entries = islandScriptsIn();
    if (entries.size > 0) void painted().then(() => startIslands(entries));
  });
}
