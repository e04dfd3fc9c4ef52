import type { ReactNode } from "react";
import { ChevronLeft, ChevronRight, PauseIcon, PlayIcon } from "./icons";

interface CarouselProps {
  label: string;
  slides: ReactNode[];
  autoplay?: boolean;
}

const controlClass =
  "flex size-11 items-center justify-center rounded-full border border-gray-300 bg-white hover:bg-brand-50";

/** One of the round buttons above the slides; `control` is the data attribute the widget reads. */
function ControlButton(props: {
  label: string;
  control: "toggle" | "previous" | "next";
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={controlClass}
      aria-label={props.label}
      {...{ [`data-carousel-${props.control}`]: "" }}
    >
      {props.children}
    </button>
  );
}

/**
 * WAI-ARIA carousel: previous/next and one button per slide, wrapping both ways, swipes on touch
 * screens, and autoplay when asked. This renders the first slide's markup only: the widget
 * script (widgets/carousel.ts) owns the current slide and the rotation, so the controls work
 * from the first paint and hydration finds nothing to correct. It only changes attributes, which
 * is why both the pause and the play icon are here, one shown by CSS (app.css, "Carousel").
 */
export function Carousel({ label, slides, autoplay = false }: CarouselProps) {
  const count = slides.length;
  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className="relative"
      data-carousel=""
      data-autoplay={autoplay ? "" : undefined}
    >
      <div className="mb-3 flex items-center justify-end gap-2" data-carousel-controls="">
        {autoplay ? (
          <ControlButton label="Pause slide rotation" control="toggle">
            <span data-carousel-icon="pause">
              <PauseIcon width={18} height={18} />
            </span>
            <span data-carousel-icon="play">
              <PlayIcon width={18} height={18} />
            </span>
          </ControlButton>
        ) : null}
        <ControlButton label="Previous slide" control="previous">
          <ChevronLeft width={20} height={20} />
        </ControlButton>
        <ControlButton label="Next slide" control="next">
          <ChevronRight width={20} height={20} />
        </ControlButton>
      </div>
      <div className="rounded-2xl" data-carousel-viewport="">
        <div
          aria-live="polite"
          className="flex transition-transform duration-300 ease-out"
          data-carousel-track=""
        >
          {slides.map((slide, i) => (
            <div
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              className="w-full shrink-0"
              data-carousel-slide=""
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      <div className="mt-4 flex justify-center gap-1" data-carousel-controls="">
        {slides.map((_, i) => (
          <button
            key={i}
            type="button"
            className="group flex size-8 items-center justify-center"
            aria-label={`Show slide ${i + 1} of ${count}`}
            aria-current={i === 0 ? "true" : undefined}
            data-carousel-dot={i}
          >
            <span className="block h-2.5 w-2.5 rounded-full bg-gray-400 transition-all group-hover:bg-gray-600" />
          </button>
        ))}
      </div>
    </section>
  );
}
