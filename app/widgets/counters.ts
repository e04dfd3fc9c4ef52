/**
 * Numbers that count up from 0 the first time at least 10 % of them is visible (the stats strip).
 * The HTML holds the final numbers, so the page reads right without scripts; the counting is
 * visual only (the counted text is hidden from screen readers, which read a copy of the final
 * number), and under reduced motion the final numbers simply stay.
 *
 * A counter is an element with `data-count-to` (the final number) and an optional `data-suffix`;
 * its text node is changed in place, so React, where it runs, keeps the node it hydrated.
 */
import { eachWidget } from "./dom";

/** Each counter steps every STEP_MS by 1/STEPS of its final number. */
export const STEP_MS = 20;
export const STEPS = 100;

/** What a counter shows at `step` (0 to STEPS). */
export function countedText(to: number, suffix: string, step: number): string {
  return `${Math.round((to * Math.min(step, STEPS)) / STEPS)}${suffix}`;
}

function show(counter: HTMLElement, step: number) {
  const text = countedText(Number(counter.dataset.countTo), counter.dataset.suffix ?? "", step);
  const node = counter.firstChild;
  if (node instanceof Text) node.data = text;
  else counter.textContent = text;
}

/** Counts the counters inside `group` up once it comes into view. */
function countWhenSeen(group: HTMLElement) {
  const counters = [...group.querySelectorAll<HTMLElement>("[data-count-to]")];
  if (
    counters.length === 0 ||
    typeof IntersectionObserver === "undefined" ||
    matchMedia("(prefers-reduced-motion: reduce)").matches
  ) {
    return;
  }
  for (const counter of counters) show(counter, 0);
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      let step = 0;
      const timer = setInterval(() => {
        step += 1;
        for (const counter of counters) show(counter, step);
        if (step >= STEPS) clearInterval(timer);
      }, STEP_MS);
    },
    { threshold: 0.1 },
  );
  observer.observe(group);
}

export function startCounters(): void {
  eachWidget("[data-counters]", countWhenSeen);
}
