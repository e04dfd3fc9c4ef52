// @vitest-environment jsdom
import { afterEach, expect, it } from "vitest";
import { STEPS, countedText, startCounters } from "./counters";

afterEach(() => {
  document.body.innerHTML = "";
});

it("counts from 0 to the final number, with its suffix, and never past it", () => {
  expect(countedText(50, "+", 0)).toBe("0+");
  expect(countedText(50, "+", STEPS / 2)).toBe("25+");
  expect(countedText(7, "M", STEPS / 3)).toBe("2M");
  expect(countedText(50, "+", STEPS)).toBe("50+");
  expect(countedText(50, "+", STEPS + 5)).toBe("50+");
});

it("leaves the final numbers where the browser cannot tell when they are seen", () => {
  // jsdom has no IntersectionObserver: the numbers must not be left at 0.
  document.body.innerHTML = `<section data-counters><span data-count-to="50" data-suffix="+">50+</span></section>`;
  startCounters();
  expect(document.querySelector("span")?.textContent).toBe("50+");
});
