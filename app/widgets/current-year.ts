/**
 * The copyright lines' year. Pages are built ahead of time, so the HTML carries the year of the
 * build; a page built in December and read in January would otherwise disagree with the date
 * until the next build. The text node is changed in place: React, where it runs, renders the same
 * year and keeps the node it hydrated.
 */
import { eachWidget } from "./dom";

export const CURRENT_YEAR_SELECTOR = "[data-current-year]";

export function startCurrentYear(): void {
  eachWidget(CURRENT_YEAR_SELECTOR, (element) => {
    const year = String(new Date().getFullYear());
    const text = element.firstChild;
    if (text instanceof Text) {
      if (text.data !== year) text.data = year;
    } else {
      element.textContent = year;
    }
  });
}
