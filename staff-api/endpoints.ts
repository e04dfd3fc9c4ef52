/**
 * Every staff endpoint of the contract in one list, for what must cover them all: the tests that
 * check the server registers each one as defined (server/leads/route-schemas.test.ts).
 */
import { accountsApi, erasureApi, outboxApi, teamApi } from "./admin";
import { auditApi } from "./audit";
import type { EndpointSpec } from "./endpoint";
import { leadsApi } from "./leads";
import { mailDomainApi, mailTemplatesApi, suppressionsApi } from "./mail";
import { mediaApi } from "./media";
import { campaignsApi, welcomeApi } from "./newsletter";
import { passkeysApi } from "./passkeys";
import { peopleApi } from "./people";
import { reportsApi } from "./reports";
import { serviceHoursApi } from "./service-hours";
import { routingApi } from "./routing";
import { articlesApi, caseStudiesApi, positionsApi } from "./publishing";
import { savedFiltersApi } from "./saved-filters";
import { sessionApi } from "./session";
import { subscribersApi } from "./subscribers";

export const STAFF_ENDPOINTS: readonly EndpointSpec[] = [
  sessionApi,
  passkeysApi,
  leadsApi,
  subscribersApi,
  reportsApi,
  serviceHoursApi,
  welcomeApi,
  campaignsApi,
  teamApi,
  accountsApi,
  auditApi,
  erasureApi,
  peopleApi,
  outboxApi,
  suppressionsApi,
  mailDomainApi,
  mailTemplatesApi,
  routingApi,
  savedFiltersApi,
  articlesApi,
  caseStudiesApi,
  positionsApi,
  mediaApi,
].flatMap((api) => Object.values(api) as EndpointSpec[]);
