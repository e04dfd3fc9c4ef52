import type { PublishedPosition } from "@common/published";
import { site } from "@common/site";

/**
 * schema.org's employment types, read from the words of a position's work type ("Full-time, on
 * site", "Contract, remote"): what search engines' job listings filter on.
 */
const EMPLOYMENT_TYPES: [RegExp, string][] = [
  [/full[\s-]?time/i, "FULL_TIME"],
  [/part[\s-]?time/i, "PART_TIME"],
  [/contract/i, "CONTRACTOR"],
  [/intern/i, "INTERN"],
  [/temporary|fixed[\s-]?term/i, "TEMPORARY"],
  [/volunteer/i, "VOLUNTEER"],
];

export function employmentTypes(workType: string): string[] {
  const types = EMPLOYMENT_TYPES.filter(([words]) => words.test(workType)).map(([, type]) => type);
  return types.length ? types : ["OTHER"];
}

/**
 * An open position as a `JobPosting` (Google's required and recommended fields): `validThrough`
 * is the closing instant, after which the page itself answers 410. `descriptionHtml` is the
 * position's description as the page shows it.
 */
export function jobPosting(
  position: PublishedPosition,
  descriptionHtml: string,
  url: string,
): Record<string, unknown> {
  const remote = /remote/i.test(position.workType);
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: position.title,
    description: descriptionHtml,
    datePosted: position.publishedAt,
    validThrough: position.closesAt,
    employmentType: employmentTypes(position.workType),
    occupationalCategory: position.category,
    hiringOrganization: {
      "@type": "Organization",
      name: site.legalName,
      sameAs: site.url,
      logo: `${site.url}/icon-512.png`,
    },
    jobLocation: {
      "@type": "Place",
      address: {
        "@type": "PostalAddress",
        addressLocality: position.location,
        addressCountry: "GH",
      },
    },
    ...(remote
      ? {
          jobLocationType: "TELECOMMUTE",
          applicantLocationRequirements: { "@type": "Country", name: site.address.country },
        }
      : {}),
    directApply: false,
    url,
  };
}
