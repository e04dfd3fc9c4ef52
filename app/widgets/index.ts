/**
 * The widgets' behaviour that must answer a tap from the first paint, before React hydrates the
 * page. The build bundles this module into one small inline script in every page's <head>
 * (scripts/inline-widgets-plugin.ts), so it runs before the body is parsed: its listeners are
 * delegated to the document and see every tap from the moment the page shows. React renders
 * the widgets' markup and never owns their open or current state, so hydration finds nothing to
 * correct. See app/widgets/README.md.
 */
import { startCarousels } from "./carousel";
import { startDialogs } from "./dialogs";
import { startMenus } from "./menus";

startMenus();
startDialogs();
startCarousels();
