/**
 * Starts the page's JavaScript once the page has painted, in short tasks.
 *
 * Every page is complete HTML; React only takes it over (hydrates) for the forms, toasts and
 * client-side navigation. Menus, dialogs, accordions and carousels do not wait for it
 * (app/widgets/). So the build (scripts/first-paint-plugin.ts) takes React Router's module
 * preloads out of the page and holds its bootstrap script (common/held-scripts.ts), and this
 * code, part of the inline script in every page's <head>, starts them:
 * 1. once the browser has reported its first contentful paint and the page's eager images (the
 *    hero: usually the largest paint) have loaded, and a frame has shown them; a stalled image
 *    or a browser without paint timing holds the start for at most MAX_WAIT_MS, and a page in a
 *    background tab starts at once;
 * 2. it adds the preload links two per task (in a trace with the CPU slowed 4×, starting each
 *    request took about 5 ms), so the chunks download in parallel while a tap made meanwhile
 *    waits behind no long task;
 * 3. it evaluates the chunks one per task, each after those it imports (the build lists them in
 *    that order), so no task holds the main thread for long;
 * 4. it runs React Router's bootstrap unchanged: route modules, then the client entry, which
 *    hydrates. The Content-Security-Policy allows that script by the hash of its text.
 * See docs/decisions/0009-taps-from-the-first-paint.md.
 */

import {
  EVALUATION_ORDER_ATTRIBUTE,
  HELD_SCRIPT_TYPE,
  PRELOADS_ATTRIBUTE,
} from "@common/held-scripts";
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

const listIn = (held: HTMLScriptElement, attribute: string) =>
  JSON.parse(held.getAttribute(attribute) ?? "[]") as string[];

/** Steps 2–4 above, for the held bootstrap script. */
export async function startHeldScript(held: HTMLScriptElement, doc: Document = document) {
  const preloads = listIn(held, PRELOADS_ATTRIBUTE);
  for (let i = 0; i < preloads.length; i += PRELOADS_PER_TASK) {
    for (const href of preloads.slice(i, i + PRELOADS_PER_TASK)) {
      const link = doc.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      doc.head.append(link);
    }
    await nextTask();
  }
  for (const url of listIn(held, EVALUATION_ORDER_ATTRIBUTE)) {
    await import(/* @vite-ignore */ url);
    await nextTask();
  }
  const script = doc.createElement("script");
  script.type = "module";
  script.textContent = held.textContent;
  doc.body.append(script);
}

/** Runs once the document is parsed; a page without a held script does nothing. */
export function startAfterFirstPaint(): void {
  whenParsed(() => {
    const held = document.querySelector<HTMLScriptElement>(`script[type="${HELD_SCRIPT_TYPE}"]`);
    if (held) void painted().then(() => startHeldScript(held));
  });
}
