import { trustBadges } from "~/content/trust-badges";

/** How each place lays the badges out: large in the home hero, small on white tiles in the footer. */
const LOOKS = {
  hero: {
    list: "mt-4 flex w-full flex-wrap items-center gap-3",
    item: undefined,
    image: "h-12 w-auto",
  },
  footer: {
    list: "hidden items-center gap-3 lg:flex",
    item: "rounded-lg bg-white p-1.5",
    image: "h-10 w-auto",
  },
} as const;

/**
 * The certification and licence badges. In the home hero they load with the page; in the footer,
 * shown on large screens only, they wait until scrolled near.
 */
export function TrustBadges({ look }: { look: keyof typeof LOOKS }) {
  const classes = LOOKS[look];
  return (
    <ul className={classes.list} aria-label="Certifications and licence">
      {trustBadges.map((badge) => (
        <li key={badge.alt} className={classes.item}>
          <img
            src={badge.src}
            alt={badge.alt}
            width="140"
            height="56"
            className={classes.image}
            loading={look === "footer" ? "lazy" : undefined}
          />
        </li>
      ))}
    </ul>
  );
}
