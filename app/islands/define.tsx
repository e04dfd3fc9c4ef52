import { type ReactNode, useEffect } from "react";
import { ISLAND_ATTRIBUTE } from "@common/islands";

/** The components of one island entry, by part name; each is hydrated on its own. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type IslandParts = Record<string, (props: any) => ReactNode>;

/**
 * The islands one page kind brings to life, and the script that does it: `entry` is the name
 * of the module under app/islands/entries/ that defines them (the build looks its script up
 * by that name).
 */
export interface Islands<Parts extends IslandParts> {
  entry: string;
  parts: Parts;
}

export function defineIslands<Parts extends IslandParts>(
  entry: string,
  parts: Parts,
): Islands<Parts> {
  return { entry, parts };
}

/**
 * The container's name (`entry:part`) and React's prefix for the ids the part makes (useId), the
 * same in the prerender and in the browser: each island is a React root of its own, and two on
 * one page must not make the same id.
 */
export function islandNames(entry: string, part: string) {
  return { name: `${entry}:${part}`, idPrefix: `${entry}-${part}-` };
}

/**
 * What an island's root renders, the same tree in the prerender and in the browser (a different
 * tree would give `useId` other ids): the part, then a marker that, once every island of the
 * page has hydrated, marks the document (`data-hydrated`: the browser tests wait for it).
 */
export function islandRoot<Props extends object>(
  Part: (props: Props) => ReactNode,
  props: Props,
): ReactNode {
  return (
    <>
      <Part {...props} />
      <MarksHydrated />
    </>
  );
}

let hydrated = 0;

function MarksHydrated() {
  useEffect(() => {
    hydrated += 1;
    if (hydrated === document.querySelectorAll(`[${ISLAND_ATTRIBUTE}]`).length) {
      document.documentElement.dataset.hydrated = "true";
    }
  }, []);
  return null;
}
