import { useEffect, useRef, useState } from "react";
import { stats } from "~/content/home";
import { useHydrated, useReducedMotion } from "~/lib/motion";

/** Each counter steps about every 20 ms by 1/100 of its target. */
const STEP_MS = 20;
const STEPS = 100;

/**
 * Counts up from 0 the first time at least 10% of the strip is visible. The prerendered HTML
 * holds the final numbers (readable without scripts); screen readers always get the final
 * numbers, the animation is visual only; reduced motion shows the final numbers.
 */
export function StatsStrip() {
  const ref = useRef<HTMLElement>(null);
  const hydrated = useHydrated();
  const reducedMotion = useReducedMotion();
  const animate = hydrated && !reducedMotion && typeof IntersectionObserver !== "undefined";
  const [counted, setCounted] = useState(0);
  const step = animate ? counted : STEPS;

  useEffect(() => {
    const element = ref.current;
    if (!element || !animate) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        timer = setInterval(() => {
          setCounted((s) => {
            if (s + 1 >= STEPS) clearInterval(timer);
            return Math.min(s + 1, STEPS);
          });
        }, STEP_MS);
      },
      { threshold: 0.1 },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      clearInterval(timer);
    };
  }, [animate]);

  return (
    <section ref={ref} aria-labelledby="stats-heading" className="bg-brand-800 text-white">
      <h2 id="stats-heading" className="sr-only">
        Our numbers
      </h2>
      <dl className="container-page grid grid-cols-2 gap-8 py-12 text-center lg:grid-cols-4">
        {stats.map((stat) => {
          const shown = Math.round((stat.value * step) / STEPS);
          return (
            <div key={stat.label} className="flex flex-col-reverse">
              <dt className="mt-1 text-brand-50">{stat.label}</dt>
              <dd className="text-4xl font-extrabold text-gold-300 sm:text-5xl">
                <span aria-hidden="true" data-testid="stat-value">
                  {shown}
                  {stat.suffix}
                </span>
                <span className="sr-only">
                  {stat.value}
                  {stat.suffix}
                </span>
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
