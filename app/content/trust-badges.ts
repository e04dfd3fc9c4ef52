import badgeBogUrl from "~/assets/images/badge-bog.svg";
import badgeIsoUrl from "~/assets/images/badge-iso.svg";
import badgePciUrl from "~/assets/images/badge-pci.svg";
import { site } from "@common/site";

/** The trust marks: shown in the home hero and, on large screens, in the footer. */
export const trustBadges = [
  { src: badgeIsoUrl, alt: "ISO 27001 certified" },
  { src: badgePciUrl, alt: "PCI DSS compliant" },
  { src: badgeBogUrl, alt: `Licensed by the ${site.licence.regulator}` },
] as const;
