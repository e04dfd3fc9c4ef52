/**
 * The widgets' behaviour that must answer a tap from the first paint, before React hydrates the
 * page, and what the other pages need of JavaScript at all (most pages never load React: see
 * app/root.tsx). The build bundles it, through app/first-paint.ts, into the inline script in every
 * page's <head> (scripts/first-paint-plugin.ts), so it runs before the body is parsed: its
 * listeners are delegated to the document and see every tap from the moment the page shows.
 * React renders the widgets' markup and never owns their open or current state, so hydration
 * finds nothing to correct. See app/README.md and docs/decisions/0009.
 */
import { rememberLanding } from "../lib/visit-source";
import { startCarousels } from "./carousel";
import { startCounters } from "./counters";
import { startCurrentYear } from "./current-year";
import { startDialogs } from "./dialogs";
import { startDeferredFrames } from "./frames";
import { startGoBack } from "./go-back";
import { startMenus } from "./menus";

rememberLanding();
startMenus();
startDialogs();
startCarousels();
startCounters();
startCurrentYear();
startDeferredFrames();
startGoBack();
