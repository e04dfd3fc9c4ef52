/**
 * A lead's attribution (where the visit came from, leads/source.ts) as stored: one column each
 * (migration 0008), and back.
 */
import type { LeadSource } from "../../leads/source";
import type { AttributionColumns } from "../db/schema";

/** A lead's attribution as stored: one column each, null for what the visit did not say. */
export function attributionColumns(source: LeadSource | undefined): AttributionColumns {
  return {
    landing_page: source?.landingPage ?? null,
    referrer: source?.referrer ?? null,
    utm_source: source?.utmSource ?? null,
    utm_medium: source?.utmMedium ?? null,
    utm_campaign: source?.utmCampaign ?? null,
    utm_term: source?.utmTerm ?? null,
    utm_content: source?.utmContent ?? null,
  };
}

/** The attribution a lead's row holds, without the parts the visit did not say. */
export function sourceOf(row: AttributionColumns): LeadSource {
  const source: LeadSource = {
    landingPage: row.landing_page ?? undefined,
    referrer: row.referrer ?? undefined,
    utmSource: row.utm_source ?? undefined,
    utmMedium: row.utm_medium ?? undefined,
    utmCampaign: row.utm_campaign ?? undefined,
    utmTerm: row.utm_term ?? undefined,
    utmContent: row.utm_content ?? undefined,
  };
  return Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined));
}
