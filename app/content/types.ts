/** Shared shapes for the typed content modules in this folder. */

/** A titled point in a feature, benefit or value list. */
export interface Feature {
  title: string;
  description: string;
}

/** One step in a "How it works" sequence. */
export interface Step {
  title: string;
  description: string;
}

/** Search-engine copy for a page. The title is written without the brand name; `getMeta` adds it. */
export interface PageSeo {
  title: string;
  description: string;
}
