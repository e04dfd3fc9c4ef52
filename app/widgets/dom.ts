/**
 * What the widget modules share: running once the document is parsed, and finding the widgets
 * React adds later (an island can render one after it has hydrated).
 */

/** Runs `start` once the whole document has been parsed (at once if it already has). */
export function whenParsed(start: () => void): void {
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start, { once: true });
  } else {
    start();
  }
}

/**
 * Calls `setUp` once for every element matching `selector`: those in the parsed page and those
 * added afterwards. An element is marked with `data-widget-ready` so it is set up only once.
 */
export function eachWidget(selector: string, setUp: (element: HTMLElement) => void): void {
  const setUpNew = () => {
    for (const element of document.querySelectorAll<HTMLElement>(
      `${selector}:not([data-widget-ready])`,
    )) {
      element.dataset.widgetReady = "";
      setUp(element);
    }
  };
  whenParsed(() => {
    setUpNew();
    new MutationObserver(setUpNew).observe(document.body, { childList: true, subtree: true });
  });
}

/** The closest element of the event's target matching `selector`, if any. */
export function closestTo<E extends Element = HTMLElement>(
  event: Event,
  selector: string,
): E | null {
  return event.target instanceof Element ? event.target.closest<E>(selector) : null;
}
