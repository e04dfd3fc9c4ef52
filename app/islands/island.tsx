import { type ComponentProps, useContext } from "react";
import { renderToString } from "react-dom/server";
import {
  ISLAND_ATTRIBUTE,
  ISLAND_CHUNKS_ATTRIBUTE,
  ISLAND_ENTRY_ATTRIBUTE,
  ISLAND_PROPS_ATTRIBUTE,
} from "@common/islands";
import { PageAssetsContext } from "~/lib/page-assets";
import { type IslandParts, type Islands, islandNames, islandRoot } from "./define";

/**
 * One island in a prerendered page: its part rendered as a React root of its own (so the browser
 * can hydrate exactly this markup, ids included), in a container that names the part, its props
 * and the script that hydrates it (app/lib/start-after-paint.ts starts that script after the
 * first paint). The container takes no box of its own (`display: contents`). The script's
 * address comes from the page's assets (app/lib/page-assets.ts); a component test renders an
 * island without them, and without a script.
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
  const assets = useContext(PageAssetsContext);
  const script = assets && scriptOf(assets.islandScript(of.entry), of.entry);
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

/** A page whose island has no script would never bring its form to life: fail its render. */
function scriptOf<Script>(script: Script | undefined, entry: string): Script {
  if (!script) {
    throw new Error(`No script for the island entry "${entry}": is it in app/islands/entries/?`);
  }
  return script;
}
