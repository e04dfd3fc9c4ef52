import { stats } from "~/content/home";

/**
 * The company's numbers. The HTML holds the final numbers; app/widgets/counters.ts counts them
 * up from 0 the first time the strip comes into view (not under reduced motion). Screen readers
 * always read the final numbers: the counted text is hidden from them.
 */
export function StatsStrip() {
  return (
    <section data-counters="" aria-labelledby="stats-heading" className="bg-brand-800 text-white">
      <h2 id="stats-heading" className="sr-only">
        Our numbers
      </h2>
      <dl className="container-page grid grid-cols-2 gap-8 py-12 text-center lg:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse">
            <dt className="mt-1 text-brand-50">{stat.label}</dt>
            <dd className="text-4xl font-extrabold text-gold-300 sm:text-5xl">
              {/* One text node, which the counter changes in place: React keeps it. */}
              <span
                aria-hidden="true"
                data-testid="stat-value"
                data-count-to={stat.value}
                data-suffix={stat.suffix}
                suppressHydrationWarning
              >
                {`${stat.value}${stat.suffix}`}
              </span>
              <span className="sr-only">
                {stat.value}
                {stat.suffix}
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
