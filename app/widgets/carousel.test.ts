// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { isDrag, isHorizontal, startCarousels, swipeStep } from "./carousel";

const width = 400;
const slow = 600;
const quick = 120;

describe("swipeStep", () => {
  it("a long drag to the left goes to the next slide, to the right to the previous", () => {
    expect(swipeStep({ dx: -300, dy: 0, durationMs: slow, width })).toBe(1);
    expect(swipeStep({ dx: 300, dy: 0, durationMs: slow, width })).toBe(-1);
  });

  it("a move shorter than 5 px is not a drag, however quick", () => {
    expect(isDrag(3, 0)).toBe(false);
    expect(isDrag(4, 4)).toBe(true);
    expect(swipeStep({ dx: -4, dy: 0, durationMs: quick, width })).toBe(0);
    expect(swipeStep({ dx: -5, dy: 0, durationMs: quick, width })).toBe(1);
  });

  it("a gesture more than 45° from horizontal scrolls the page", () => {
    expect(isHorizontal(100, 100)).toBe(true);
    expect(isHorizontal(100, 101)).toBe(false);
    const angle = (60 * Math.PI) / 180;
    const dx = -300 * Math.cos(angle);
    const dy = 300 * Math.sin(angle);
    expect(swipeStep({ dx, dy, durationMs: slow, width })).toBe(0);
    expect(swipeStep({ dx, dy, durationMs: quick, width })).toBe(0);
  });

  it("a slow drag must pass half the slide width; shorter ones snap back", () => {
    expect(swipeStep({ dx: -0.4 * width, dy: 0, durationMs: slow, width })).toBe(0);
    expect(swipeStep({ dx: -0.5 * width, dy: 0, durationMs: slow, width })).toBe(0);
    expect(swipeStep({ dx: -0.6 * width, dy: 0, durationMs: slow, width })).toBe(1);
    expect(swipeStep({ dx: 0.6 * width, dy: 10, durationMs: slow, width })).toBe(-1);
  });

  it("a quick flick past the threshold moves one slide", () => {
    expect(swipeStep({ dx: -40, dy: 5, durationMs: quick, width })).toBe(1);
    expect(swipeStep({ dx: 40, dy: -5, durationMs: quick, width })).toBe(-1);
    expect(swipeStep({ dx: -40, dy: 5, durationMs: 300, width })).toBe(0);
  });
});

describe("startCarousels", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  function carousel() {
    document.body.innerHTML = `
      <section data-carousel>
        <button type="button" data-carousel-next>Next slide</button>
        <div data-carousel-viewport>
          <div data-carousel-track>
            <div data-carousel-slide>One</div>
            <div data-carousel-slide>Two</div>
          </div>
        </div>
        <button type="button" data-carousel-dot="0" aria-current="true"></button>
        <button type="button" data-carousel-dot="1"></button>
      </section>`;
    const viewport = document.querySelector<HTMLElement>("[data-carousel-viewport]")!;
    const scrolled = vi.fn();
    Object.defineProperty(viewport, "scrollLeft", { get: () => 0, set: scrolled });
    return {
      slides: [...document.querySelectorAll<HTMLElement>("[data-carousel-slide]")],
      scrolled,
    };
  }

  // Touching scrollLeft makes the browser lay the whole page out at once, in the middle of
  // loading it: a tap at first paint would wait for that.
  it("hides the other slides without touching the scroll position while the page loads", () => {
    const { slides, scrolled } = carousel();
    startCarousels();
    expect(slides.map((slide) => slide.inert)).toEqual([false, true]);
    expect(slides[1]?.getAttribute("aria-hidden")).toBe("true");
    expect(scrolled).not.toHaveBeenCalled();

    document.querySelector<HTMLButtonElement>("[data-carousel-next]")?.click();
    expect(slides.map((slide) => slide.inert)).toEqual([true, false]);
    expect(scrolled).toHaveBeenCalledWith(0);
  });
});
