import { createContext, useContext } from "react";
import type { RefusedForm } from "@leads/refused-form";

/**
 * The refused post a page is rendered again for (render.tsx's `renderPath(…, { refused })`),
 * or null for the built page. Read by the routes, on the server only: they hand it to the form's
 * island as a prop, since an island is a React root of its own that sees no context.
 */
export const RefusedFormContext = createContext<RefusedForm | null>(null);

/** The refusal of the form that posts to `action`, when this render answers one. */
export function useRefusedForm(action: string): RefusedForm | undefined {
  const refused = useContext(RefusedFormContext);
  return refused?.action === action ? refused : undefined;
}
