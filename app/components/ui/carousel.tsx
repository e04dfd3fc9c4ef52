import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useReducedMotion } from "~/lib/motion";
import { ChevronLeft, ChevronRight, PauseIcon, PlayIcon } from "./icons";

/** Autoplay moves every 5000 ms; a slide moves in 300 ms. */
export const AUTOPLAY_DELAY_MS = 5000;
const SWIPE_MIN_PX = 40;

interface CarouselProps {
  label: string;
  slides: ReactNode[];
  autoplay?: boolean;
}

/**
 * WAI-ARIA carousel: previous/next and one button per slide, wrapping both ways. Autoplay pauses
 * on hover, on keyboard focus, while the tab is hidden, with the visible pause button, and never
 * starts for visitors who prefer reduced motion. Swipes move it on touch screens.
 */
export function Carousel({ label, slides, autoplay = false }: CarouselProps) {
  const [index, setIndex] = useState(0);
  const reducedMotion = useReducedMotion();
  // null until the visitor presses pause or play; until then autoplay follows the motion setting.
  const [userPlaying, setUserPlaying] = useState<boolean | null>(null);
  const playing = autoplay && (userPlaying ?? !reducedMotion);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [tabHidden, setTabHidden] = useState(false);
  const swipeStart = useRef<number | null>(null);
  const count = slides.length;

  const go = useCallback((to: number) => setIndex(((to % count) + count) % count), [count]);

  useEffect(() => {
    const onVisibility = () => setTabHidden(document.hidden);
    document.addEventListener("visibilitychange", onVisibility);
    return () => document.removeEventListener("visibilitychange", onVisibility);
  }, []);

  const running = playing && !hovered && !focused && !tabHidden;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), AUTOPLAY_DELAY_MS);
    return () => clearInterval(timer);
  }, [running, count]);

  return (
    <section aria-roledescription="carousel" aria-label={label} className="relative">
      {/* Watches hover and focus to pause autoplay; the controls inside are real buttons. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div
        onPointerEnter={(e) => e.pointerType === "mouse" && setHovered(true)}
        onPointerLeave={(e) => e.pointerType === "mouse" && setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
        }}
      >
        <div className="mb-3 flex items-center justify-end gap-2">
          {autoplay ? (
            <button
              type="button"
              className="flex size-11 items-center justify-center rounded-full border border-gray-300 bg-white hover:bg-brand-50"
              onClick={() => setUserPlaying(!playing)}
              aria-label={playing ? "Pause slide rotation" : "Start slide rotation"}
            >
              {playing ? <PauseIcon width={18} height={18} /> : <PlayIcon width={18} height={18} />}
            </button>
          ) : null}
          <button
            type="button"
            className="flex size-11 items-center justify-center rounded-full border border-gray-300 bg-white hover:bg-brand-50"
            onClick={() => go(index - 1)}
            aria-label="Previous slide"
          >
            <ChevronLeft width={20} height={20} />
          </button>
          <button
            type="button"
            className="flex size-11 items-center justify-center rounded-full border border-gray-300 bg-white hover:bg-brand-50"
            onClick={() => go(index + 1)}
            aria-label="Next slide"
          >
            <ChevronRight width={20} height={20} />
          </button>
        </div>
        <div
          className="overflow-hidden rounded-2xl"
          onPointerDown={(e) => {
            swipeStart.current = e.clientX;
          }}
          onPointerUp={(e) => {
            if (swipeStart.current === null) return;
            const dx = e.clientX - swipeStart.current;
            swipeStart.current = null;
            if (Math.abs(dx) >= SWIPE_MIN_PX) go(dx < 0 ? index + 1 : index - 1);
          }}
        >
          <div
            aria-live={running ? "off" : "polite"}
            className="flex transition-transform duration-300 ease-out"
            style={{ transform: `translateX(-${index * 100}%)` }}
          >
            {slides.map((slide, i) => (
              <div
                key={i}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${count}`}
                aria-hidden={i !== index}
                inert={i !== index}
                className="w-full shrink-0"
              >
                {slide}
              </div>
            ))}
          </div>
        </div>
        <div className="mt-4 flex justify-center gap-1">
          {slides.map((_, i) => (
            <button
              key={i}
              type="button"
              className="group flex size-8 items-center justify-center"
              aria-label={`Show slide ${i + 1} of ${count}`}
              aria-current={i === index ? "true" : undefined}
              onClick={() => go(i)}
            >
              <span
                className={`block h-2.5 rounded-full transition-all ${i === index ? "w-6 bg-brand-800" : "w-2.5 bg-gray-400 group-hover:bg-gray-600"}`}
              />
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
