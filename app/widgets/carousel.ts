/**
 * Carousels (components/ui/carousel.tsx renders the markup): previous, next and one button per
 * slide, wrapping both ways; autoplay for those marked `data-autoplay`; swipes on touch screens
 * and mouse drags. The current slide and whether it plays live in the carousel's data attributes,
 * never in React, so the controls answer from the first paint and hydration finds nothing to
 * correct. Autoplay pauses on mouse hover, on keyboard focus inside, while the tab is hidden,
 * while a drag is under way and with the visible pause button; it never starts on its own for
 * visitors who prefer reduced motion.
 */
import { closestTo, eachWidget } from "./dom";

/** Autoplay moves every 5000 ms; a slide moves in 300 ms (app.css, "Carousel"). */
export const AUTOPLAY_DELAY_MS = 5000;

// The company's slider settings.
/** A move shorter than this is a tap, not a drag. */
export const DRAG_THRESHOLD_PX = 5;
/** A gesture further than this from horizontal scrolls the page instead of swiping. */
export const TOUCH_ANGLE_DEG = 45;
/** A slow drag must cover this share of the slide width to move on; shorter ones snap back. */
export const LONG_SWIPE_RATIO = 0.5;
/** A drag released quicker than this is a flick: past the threshold it moves one slide. */
export const FLICK_MS = 300;

export interface Swipe {
  /** Horizontal and vertical distance from where the pointer went down, in px. */
  dx: number;
  dy: number;
  durationMs: number;
  /** Width of one slide, in px. */
  width: number;
}

/** Whether a move this far from the start is a drag rather than a tap. */
export function isDrag(dx: number, dy: number): boolean {
  return Math.hypot(dx, dy) >= DRAG_THRESHOLD_PX;
}

/** Whether a move is close enough to horizontal to be a swipe rather than a page scroll. */
export function isHorizontal(dx: number, dy: number): boolean {
  return (Math.atan2(Math.abs(dy), Math.abs(dx)) * 180) / Math.PI <= TOUCH_ANGLE_DEG;
}

/** Where a finished drag takes the carousel: 1 to the next slide, -1 to the previous, 0 stays. */
export function swipeStep({ dx, dy, durationMs, width }: Swipe): -1 | 0 | 1 {
  if (!isDrag(dx, dy) || !isHorizontal(dx, dy)) return 0;
  const long = Math.abs(dx) > width * LONG_SWIPE_RATIO;
  const flick = durationMs < FLICK_MS && Math.abs(dx) >= DRAG_THRESHOLD_PX;
  if (!long && !flick) return 0;
  return dx < 0 ? 1 : -1;
}

/** The attribute the script puts on <html>: app.css turns the scroll strip into a track. */
const SCRIPT_MARKER = "data-carousel-script";

interface Carousel {
  element: HTMLElement;
  hovered: boolean;
  focused: boolean;
  dragging: boolean;
  /** Whether the visitor pressed pause or play; until then autoplay follows the motion setting. */
  chosen: boolean;
  timer: ReturnType<typeof setInterval> | undefined;
}

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
const carousels = new WeakMap<HTMLElement, Carousel>();
/** The carousels with autoplay, whose timers follow the tab's visibility. */
const rotating = new Set<Carousel>();

function parts(element: HTMLElement) {
  return {
    track: element.querySelector<HTMLElement>("[data-carousel-track]"),
    slides: [...element.querySelectorAll<HTMLElement>("[data-carousel-slide]")],
    dots: [...element.querySelectorAll<HTMLElement>("[data-carousel-dot]")],
    toggle: element.querySelector<HTMLElement>("[data-carousel-toggle]"),
  };
}

function currentIndex(element: HTMLElement): number {
  return Number(element.dataset.index ?? 0) || 0;
}

/**
 * Shows slide `to` (wrapping around both ways) and hides the others from every visitor.
 * `settle`: also scroll the viewport back to its start (focus moving into a hidden slide can
 * scroll it). Not when the carousel is set up: nothing has scrolled it yet, and touching
 * `scrollLeft` would force the browser to lay the whole page out in the middle of loading it.
 */
function show(carousel: Carousel, to: number, { settle = true } = {}) {
  const { element } = carousel;
  const { track, slides, dots } = parts(element);
  const count = slides.length;
  if (count === 0) return;
  const index = ((to % count) + count) % count;
  element.dataset.index = String(index);
  if (track) {
    track.style.transform = `translateX(-${index * 100}%)`;
    // The clipped viewport is still a scroll container; only the transform may move the slides.
    if (settle && track.parentElement) track.parentElement.scrollLeft = 0;
  }
  slides.forEach((slide, i) => {
    if (i === index) slide.removeAttribute("aria-hidden");
    else slide.setAttribute("aria-hidden", "true");
    slide.inert = i !== index;
  });
  dots.forEach((dot, i) => {
    if (i === index) dot.setAttribute("aria-current", "true");
    else dot.removeAttribute("aria-current");
  });
}

function isPlaying(carousel: Carousel): boolean {
  return carousel.element.dataset.playing === "true";
}

/** Starts or stops the timer to match what pauses autoplay; announces slides when it is still. */
function updateTimer(carousel: Carousel) {
  const { element } = carousel;
  if (!element.isConnected) {
    stop(carousel);
    return;
  }
  const running =
    isPlaying(carousel) &&
    !carousel.hovered &&
    !carousel.focused &&
    !carousel.dragging &&
    !document.hidden;
  parts(element).track?.setAttribute("aria-live", running ? "off" : "polite");
  if (running && carousel.timer === undefined) {
    carousel.timer = setInterval(() => {
      if (element.isConnected) show(carousel, currentIndex(element) + 1);
      else stop(carousel);
    }, AUTOPLAY_DELAY_MS);
  } else if (!running && carousel.timer !== undefined) {
    clearInterval(carousel.timer);
    carousel.timer = undefined;
  }
}

/** Forgets a carousel that left the document (a client-side navigation took its page away). */
function stop(carousel: Carousel) {
  clearInterval(carousel.timer);
  carousel.timer = undefined;
  rotating.delete(carousel);
}

function setPlaying(carousel: Carousel, playing: boolean) {
  const { element } = carousel;
  element.dataset.playing = String(playing);
  parts(element).toggle?.setAttribute(
    "aria-label",
    playing ? "Pause slide rotation" : "Start slide rotation",
  );
  updateTimer(carousel);
}

/**
 * The carousel's state, set up on first need: by `eachWidget` once the page is parsed, or by the
 * first tap, which can come earlier (the document is not parsed until React's modules loaded).
 */
function carouselOf(element: HTMLElement): Carousel {
  const known = carousels.get(element);
  if (known) return known;
  const carousel: Carousel = {
    element,
    hovered: false,
    focused: false,
    dragging: false,
    chosen: false,
    timer: undefined,
  };
  carousels.set(element, carousel);
  show(carousel, currentIndex(element), { settle: false });
  element.addEventListener("pointerenter", (event) => {
    if (event.pointerType !== "mouse") return;
    carousel.hovered = true;
    updateTimer(carousel);
  });
  element.addEventListener("pointerleave", (event) => {
    if (event.pointerType !== "mouse") return;
    carousel.hovered = false;
    updateTimer(carousel);
  });
  // Keyboard focus only: a tap or click on a control should not stop the rotation for good.
  element.addEventListener("focusin", (event) => {
    carousel.focused = event.target instanceof Element && event.target.matches(":focus-visible");
    updateTimer(carousel);
  });
  element.addEventListener("focusout", (event) => {
    if (event.relatedTarget instanceof Node && element.contains(event.relatedTarget)) return;
    carousel.focused = false;
    updateTimer(carousel);
  });
  if (element.hasAttribute("data-autoplay")) {
    rotating.add(carousel);
    setPlaying(carousel, !matchMedia(REDUCED_MOTION).matches);
  } else {
    updateTimer(carousel);
  }
  return carousel;
}

function onClick(event: MouseEvent) {
  const control = closestTo(
    event,
    "[data-carousel-previous], [data-carousel-next], [data-carousel-dot], [data-carousel-toggle]",
  );
  const element = control?.closest<HTMLElement>("[data-carousel]");
  if (!control || !element) return;
  const carousel = carouselOf(element);
  const index = currentIndex(element);
  if (control.hasAttribute("data-carousel-previous")) show(carousel, index - 1);
  else if (control.hasAttribute("data-carousel-next")) show(carousel, index + 1);
  else if (control.hasAttribute("data-carousel-toggle")) {
    carousel.chosen = true;
    setPlaying(carousel, !isPlaying(carousel));
  } else show(carousel, Number(control.dataset.carouselDot));
}

/** The drag under way: "pending" until it passes the threshold, then a swipe or a page scroll. */
interface Drag {
  carousel: Carousel;
  pointerId: number;
  x: number;
  y: number;
  time: number;
  mode: "pending" | "swipe" | "scroll";
}
let drag: Drag | null = null;

function onPointerDown(event: PointerEvent) {
  if (!event.isPrimary || (event.pointerType === "mouse" && event.button !== 0)) return;
  const element = closestTo(event, "[data-carousel-viewport]")?.closest<HTMLElement>(
    "[data-carousel]",
  );
  if (!element) return;
  drag = {
    carousel: carouselOf(element),
    pointerId: event.pointerId,
    x: event.clientX,
    y: event.clientY,
    time: event.timeStamp,
    mode: "pending",
  };
}

function onPointerMove(event: PointerEvent) {
  if (!drag || event.pointerId !== drag.pointerId || drag.mode === "scroll") return;
  const dx = event.clientX - drag.x;
  const dy = event.clientY - drag.y;
  const { carousel } = drag;
  const { element } = carousel;
  if (drag.mode === "pending") {
    if (!isDrag(dx, dy)) return;
    if (!isHorizontal(dx, dy)) {
      drag.mode = "scroll";
      return;
    }
    drag.mode = "swipe";
    carousel.dragging = true;
    // The track follows the pointer without the 300 ms transition (app.css).
    element.dataset.dragging = "";
    updateTimer(carousel);
  }
  const track = parts(element).track;
  if (track) track.style.transform = `translateX(calc(-${currentIndex(element) * 100}% + ${dx}px))`;
}

function onPointerEnd(event: PointerEvent) {
  if (!drag || event.pointerId !== drag.pointerId) return;
  const { carousel, mode } = drag;
  const swipe: Swipe = {
    dx: event.clientX - drag.x,
    dy: event.clientY - drag.y,
    durationMs: event.timeStamp - drag.time,
    width: parts(carousel.element).track?.parentElement?.clientWidth ?? 0,
  };
  drag = null;
  if (mode !== "swipe") return;
  delete carousel.element.dataset.dragging;
  carousel.dragging = false;
  // A cancelled pointer (the browser took the gesture over) snaps back.
  const step = event.type === "pointerup" ? swipeStep(swipe) : 0;
  show(carousel, currentIndex(carousel.element) + step);
  updateTimer(carousel);
}

/** Sets up every carousel, now and when React adds one; controls work before hydration. */
export function startCarousels(): void {
  document.documentElement.setAttribute(SCRIPT_MARKER, "");
  document.addEventListener("click", onClick);
  document.addEventListener("pointerdown", onPointerDown);
  document.addEventListener("pointermove", onPointerMove);
  document.addEventListener("pointerup", onPointerEnd);
  document.addEventListener("pointercancel", onPointerEnd);
  document.addEventListener("visibilitychange", () => {
    for (const carousel of rotating) updateTimer(carousel);
  });
  matchMedia(REDUCED_MOTION).addEventListener("change", (event) => {
    for (const carousel of rotating) {
      if (carousel.chosen) updateTimer(carousel);
      else setPlaying(carousel, !event.matches);
    }
  });
  eachWidget("[data-carousel]", (element) => void carouselOf(element));
}
