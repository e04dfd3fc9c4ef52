/**
 * The inline script in every page's <head> (scripts/first-paint-plugin.ts bundles it): the
 * widgets that must answer taps before React has started, and the start of React itself once
 * the page has painted.
 */
import "./widgets";
import { startAfterFirstPaint } from "./lib/start-after-paint";

startAfterFirstPaint();
