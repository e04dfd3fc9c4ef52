import { trustBadges } from "~/content/trust-badges";
import { type LogoRowLook, LogoRow } from "./logo-row";

/** Large in the home hero, loaded with the page; small on white tiles in the footer, lazily. */
const LOOKS = {
  hero: {
    list: "mt-4 flex w-full flex-wrap items-center gap-3",
    image: "h-12 w-auto",
    width: 140,
    height: 56,
    lazy: false,
  },
  footer: {
    list: "hidden items-center gap-3 lg:flex",
    item: "rounded-lg bg-white p-1.5",
    image: "h-10 w-auto",
    width: 140,
    height: 56,
    lazy: true,
  },
} satisfies Record<string, LogoRowLook>;

/** The certification and licence badges; the footer shows them on large screens only. */
export function TrustBadges({ look }: { look: keyof typeof LOOKS }) {
  return <LogoRow logos={trustBadges} look={LOOKS[look]} label="Certifications and licence" />;
}
