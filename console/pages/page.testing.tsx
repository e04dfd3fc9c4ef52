// One console page under a router, for the pages' tests: shared so that each test says only which
// page, at which address, with what its loader gives.
import { render } from "@testing-library/react";
import type { ComponentType } from "react";
import { type ActionFunctionArgs, createRoutesStub } from "react-router";

/**
 * Renders `Component` as the route `path` (a pattern such as "/site/articles/:id") at the address
 * `at` (the path itself by default), its loader answering `data`, with the page's `action` if it
 * has one. `otherRoutes` are where the page may send the browser (a list it returns to).
 */
export function renderConsolePage({
  path,
  at = path,
  Component,
  data,
  action,
  otherRoutes = [],
}: {
  path: string;
  at?: string;
  Component: ComponentType;
  data: unknown;
  action?: (args: ActionFunctionArgs) => Promise<unknown>;
  otherRoutes?: { path: string; Component: ComponentType }[];
}) {
  const Stub = createRoutesStub([
    { path, Component, HydrateFallback: () => null, loader: () => data, action },
    ...otherRoutes,
  ]);
  return render(<Stub initialEntries={[at]} />);
}
