import type { ReactNode } from "react";
import type { PublishedContent } from "@common/published";
import type { MetaDescriptor } from "./meta";

/**
 * What a route module of routes/ exports (app/render.tsx renders it): the page component, its
 * head tags (`meta`), and, for a page whose content is read at render time (an article, a
 * policy), a `loader` whose result both receive as `data`. A module that is no page (the
 * articles' feed) exports `file` instead.
 */
export interface RouteModule<Data = unknown> {
  default?: (props: PageProps<Data>) => ReactNode;
  meta?: (args: PageProps<Data>) => MetaDescriptor[];
  loader?: (args: LoaderArgs) => Data;
  file?: (args: LoaderArgs) => { body: string; contentType: string };
}

/**
 * What a loader is given: the path rendered and what marketing has published (the server's
 * snapshot, app/render.tsx; nothing at build time, so the prerender writes the built pages).
 */
export interface LoaderArgs {
  path: string;
  published: PublishedContent;
}

/** What a page and its `meta` are given: the path rendered and what its loader returned. */
export interface PageProps<Data = undefined> {
  path: string;
  data: Data;
}

/** A route's `meta` (a page without a loader ignores `data`). */
export type MetaFunction<Data = unknown> = (args: PageProps<Data>) => MetaDescriptor[];

/** Thrown by a loader for a path it has no content for: the missing page's answer, 404. */
export class PageNotFound extends Error {}
