import type { ComponentProps } from "react";
import { renderToString } from "react-dom/server";
import islandScripts from "virtual:island-scripts";
import {
  ISLAND_ATTRIBUTE,
  ISLAND_CHUNKS_ATTRIBUTE,
  ISLAND_ENTRY_ATTRIBUTE,
  ISLAND_PROPS_ATTRIBUTE,
} from "@common/islands";
import { type IslandParts, type Islands, islandNames, islandRoot } from "./define";

/**
 * One island in a prerendered page: its part rendered as a React root of its own (so the browser
 * can hydrate exactly this markup, ids included), in a container that names the part, its props
 * and the script that hydrates it (app/lib/start-after-paint.ts starts that script after the
 * first paint). The container takes no box of its own (`display: contents`).
 */
export function Island<Parts extends IslandParts, Part extends keyof Parts & string>({
  of,
  part,
  props = {} as ComponentProps<Parts[Part]>,
}: {
  of: Islands<Parts>;
  part: Part;
} & PropsOf<Parts[Part]>) {
  const Component = of.parts[part] as Parts[Part];
  const { name, idPrefix } = islandNames(of.entry, part);
  const script = islandScripts[of.entry] ?? noScriptInDevelopment(of.entry);
  const html = renderToString(islandRoot(Component, props), { identifierPrefix: idPrefix });
  const attributes = {
    [ISLAND_ATTRIBUTE]: name,
    [ISLAND_PROPS_ATTRIBUTE]: JSON.stringify(props),
    ...(script && {
      [ISLAND_ENTRY_ATTRIBUTE]: script.url,
      [ISLAND_CHUNKS_ATTRIBUTE]: JSON.stringify(script.chunks),
    }),
  };
  return <div {...attributes} className="contents" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A part's props, required when it has any. */
type PropsOf<C extends IslandParts[string]> =
  Record<string, never> extends ComponentProps<C>
    ? { props?: ComponentProps<C> }
    : { props: ComponentProps<C> };

/**
 * A build without the entry's script fails. `react-router dev` shows the pages as prerendered,
 * forms included, without hydrating them (React Refresh would need React Router's own scripts
 * in the page); `npm start` serves them working, and the forms' component tests run them.
 */
function noScriptInDevelopment(entry: string): undefined {
  if (!import.meta.env.DEV) {
    throw new Error(`No script for the island entry "${entry}": is it in app/islands/entries/?`);
  }
  return undefined;
}
