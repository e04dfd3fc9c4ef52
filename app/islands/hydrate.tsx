import { hydrateRoot } from "react-dom/client";
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE } from "@common/islands";
import { type IslandParts, type Islands, islandNames, islandRoot } from "./define";

/**
 * Hydrates every island of `islands` in the page, each as its own React root with the props it
 * was prerendered with (app/islands/define.tsx says what marks the page once all have).
 */
export function hydrateIslands<Parts extends IslandParts>(islands: Islands<Parts>): void {
  for (const [part, Component] of Object.entries(islands.parts)) {
    const { name, idPrefix } = islandNames(islands.entry, part);
    const container = document.querySelector<HTMLElement>(`[${ISLAND_ATTRIBUTE}="${name}"]`);
    if (!container) continue;
    const props = JSON.parse(container.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? "{}") as object;
    hydrateRoot(container, islandRoot(Component, props), { identifierPrefix: idPrefix });
  }
}
