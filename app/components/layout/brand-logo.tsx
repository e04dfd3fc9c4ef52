import { pagePaths } from "@common/paths";
import { site } from "@common/site";

/** Colours of the logo on a light background (header, menu) and on the dark footer. */
const TONES = {
  dark: { tile: "#13804f", letter: "#fff", smile: "#f8c630", name: "#073b26", accent: "#13804f" },
  light: { tile: "#fff", letter: "#0b5d3b", smile: "#e8a90c", name: "#fff", accent: "#f8c630" },
} as const;

/** The brand name split before its last word, which is drawn in the accent colour. */
function splitName(name: string): [string, string] {
  const cut = name.lastIndexOf(" ");
  return cut > 0 ? [name.slice(0, cut), name.slice(cut)] : [name, ""];
}

/**
 * The logo: the mark (the same drawing as public/favicon.svg) and the brand name from
 * common/site.ts, so renaming the company renames the logo. Drawn inline rather than as an image
 * file. It is decoration: the link around it carries the name for screen readers. The name is
 * stretched to one width, so a longer or shorter name keeps the logo's size. Like an image, it may
 * shrink to fit a narrow row (max-w-full).
 */
export function BrandLogo({
  tone = "dark",
  className,
}: {
  tone?: keyof typeof TONES;
  className: string;
}) {
  const colours = TONES[tone];
  const [name, accent] = splitName(site.shortName);
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="180"
      height="40"
      viewBox="0 0 180 40"
      fontFamily="system-ui, sans-serif"
      aria-hidden="true"
      focusable="false"
      className={`max-w-full ${className}`}
    >
      <g transform="translate(3 4)" fill="none" strokeLinecap="round" strokeLinejoin="round">
        <rect width="32" height="32" rx="8" fill={colours.tile} />
        <path d="M9.5 24 16 8l6.5 16" stroke={colours.letter} strokeWidth="3.4" />
        <path d="M11.6 19q4.4 3.6 8.8 0" stroke={colours.smile} strokeWidth="2.8" />
      </g>
      <text
        x="43"
        y="27.5"
        fontSize="18.5"
        fontWeight="700"
        textLength="133"
        lengthAdjust="spacingAndGlyphs"
        fill={colours.name}
      >
        {name}
        {accent ? <tspan fill={colours.accent}>{accent}</tspan> : null}
      </text>
    </svg>
  );
}

/** The logo as a link to the home page, named "<brand> home" for screen readers. */
export function LogoHomeLink({
  className,
  logoClassName,
  tone,
}: {
  className: string;
  logoClassName: string;
  tone?: keyof typeof TONES;
}) {
  return (
    <a className={className} aria-label={`${site.name} home`} href={pagePaths.home}>
      <BrandLogo tone={tone} className={logoClassName} />
    </a>
  );
}
