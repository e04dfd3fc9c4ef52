import type { PublishedContent } from "@common/published";

/**
 * Published content as the server's snapshot hands it to the renderer, for tests: an article with
 * a cover, a case study, an open position, a renamed article and an unpublished one.
 */
export const COVER_ID = "0b6c1a52-4d1e-4f7e-9a57-3c2b7f9d1e21";
export const PICTURE_ID = "5f1d2c3b-7a8e-4b9c-8d0e-1f2a3b4c5d6e";

export const publishedFixture: PublishedContent = {
  articles: [
    {
      slug: "merchant-payouts-on-sundays",
      title: "Merchant payouts now run on Sundays",
      summary: "Payouts settle seven days a week from this month.",
      markdown: `## What changes\n\nPayouts settle on Sundays too. [Read the terms](/terms-and-conditions).\n\n![A merchant at her stall](/media/${PICTURE_ID}/960.webp)`,
      tags: ["payouts", "merchants"],
      cover: { id: COVER_ID, alt: "A trader counting cedi notes", width: 1600, height: 900 },
      author: "Ama Mensah",
      publishedAt: "2026-12-06T09:30:00.000Z",
      updatedAt: "2026-12-07T08:00:00.000Z",
    },
  ],
  caseStudies: [
    {
      slug: "kumasi-water-collections",
      title: "Kumasi Water collects bills by USSD",
      summary: "A utility moved its bill collection to mobile money.",
      client: "Kumasi Water",
      sector: "Utilities",
      challenge: "Customers queued for hours to pay.",
      solution: "USSD and mobile money collections with daily settlement.",
      results: [{ figure: "40%", label: "fewer failed collections" }],
      quote: { text: "Queues are gone.", by: "Kofi Boateng, Finance Director" },
      cover: { id: COVER_ID, alt: "A water tower in Kumasi", width: 1200, height: 800 },
      publishedAt: "2026-12-01T10:00:00.000Z",
      updatedAt: "2026-12-01T10:00:00.000Z",
    },
  ],
  positions: [
    {
      slug: "backend-engineer",
      category: "Engineering",
      title: "Backend Engineer",
      location: "Accra",
      workType: "Full-time, on site",
      description: "You build our payment APIs.",
      howToApply: "Send your CV to [careers](mailto:careers@akwaabapay.com.gh).",
      closesAt: "2026-12-31T17:00:00.000Z",
      publishedAt: "2026-12-02T10:00:00.000Z",
      updatedAt: "2026-12-02T10:00:00.000Z",
    },
  ],
  redirects: { "/articles/sunday-payouts": "/articles/merchant-payouts-on-sundays" },
  gone: ["/careers/product-designer"],
  media: { [PICTURE_ID]: { width: 1200, height: 800 } },
};
