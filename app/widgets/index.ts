/**
 * The widgets' behaviour that must answer a tap from the first paint, and all the JavaScript a
 * page needs but for its forms (React runs only in the forms' islands: app/islands/). The build
 * bundles it, through app/first-paint.ts, into the inline script in every
 * page's <head> (scripts/first-paint-plugin.ts), so it runs before the body is parsed: its
 * listeners are delegated to the document and see every tap from the moment the page shows.
 * React renders the widgets' markup at build time and never owns their open or current state.
 * See app/README.md and docs/decisions/0037.
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
