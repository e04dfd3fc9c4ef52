import { describe, expect, it } from "vitest";
import { STAFF_ENDPOINTS } from "./endpoints";

// A staff endpoint's address is written once, in its definition. The console's links and pages
// and the e-mails' links read it from there, so changing one is a deliberate act: this list is
// written out so that the change shows up in review.
describe("the staff endpoints", () => {
  it("are these methods and addresses, each once", () => {
    const all = STAFF_ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(all).size).toBe(all.length);
    expect(all.toSorted()).toEqual([
      "DELETE /api/staff/media/:id",
      "DELETE /api/staff/passkeys/:id",
      "DELETE /api/staff/saved-filters/:id",
      "DELETE /api/staff/suppressions/:id",
      "GET /api/staff/accounts",
      "GET /api/staff/articles",
      "GET /api/staff/articles/:id",
      "GET /api/staff/articles/:id/revisions",
      "GET /api/staff/audit",
      "GET /api/staff/audit.csv",
      "GET /api/staff/audit/actions",
      "GET /api/staff/campaigns",
      "GET /api/staff/campaigns/:id",
      "GET /api/staff/campaigns/:id/recipients.csv",
      "GET /api/staff/campaigns/:id/recipients.xlsx",
      "GET /api/staff/case-studies",
      "GET /api/staff/case-studies/:id",
      "GET /api/staff/case-studies/:id/revisions",
      "GET /api/staff/leads",
      "GET /api/staff/leads.csv",
      "GET /api/staff/leads.xlsx",
      "GET /api/staff/leads/:id",
      "GET /api/staff/leads/:id/neighbours",
      "GET /api/staff/leads/counts",
      "GET /api/staff/leads/stats",
      "GET /api/staff/mail/domain",
      "GET /api/staff/mail/templates",
      "GET /api/staff/mail/templates/:kind",
      "GET /api/staff/me",
      "GET /api/staff/me/invitation",
      "GET /api/staff/media",
      "GET /api/staff/newsletter/welcome",
      "GET /api/staff/outbox",
      "GET /api/staff/passkeys",
      "GET /api/staff/people/export",
      "GET /api/staff/positions",
      "GET /api/staff/positions/:id",
      "GET /api/staff/positions/:id/revisions",
      "GET /api/staff/reports/leads",
      "GET /api/staff/reports/response-times",
      "GET /api/staff/routing",
      "GET /api/staff/saved-filters",
      "GET /api/staff/service-hours",
      "GET /api/staff/subscribers",
      "GET /api/staff/subscribers.csv",
      "GET /api/staff/subscribers/:id/consent",
      "GET /api/staff/subscribers/counts",
      "GET /api/staff/suppressions",
      "GET /api/staff/team",
      "PATCH /api/staff/accounts/:id",
      "PATCH /api/staff/articles/:id",
      "PATCH /api/staff/campaigns/:id",
      "PATCH /api/staff/case-studies/:id",
      "PATCH /api/staff/leads",
      "PATCH /api/staff/leads/:id",
      "PATCH /api/staff/me",
      "PATCH /api/staff/passkeys/:id",
      "PATCH /api/staff/positions/:id",
      "POST /api/staff/accounts",
      "POST /api/staff/accounts/:id/invitation",
      "POST /api/staff/articles",
      "POST /api/staff/articles/:id/publish",
      "POST /api/staff/articles/:id/revisions/:revision/restore",
      "POST /api/staff/articles/:id/unpublish",
      "POST /api/staff/campaigns",
      "POST /api/staff/campaigns/:id/cancel",
      "POST /api/staff/campaigns/:id/pause",
      "POST /api/staff/campaigns/:id/resume",
      "POST /api/staff/campaigns/:id/retry",
      "POST /api/staff/campaigns/:id/send",
      "POST /api/staff/campaigns/:id/test",
      "POST /api/staff/case-studies",
      "POST /api/staff/case-studies/:id/publish",
      "POST /api/staff/case-studies/:id/revisions/:revision/restore",
      "POST /api/staff/case-studies/:id/unpublish",
      "POST /api/staff/forget",
      "POST /api/staff/leads/:id/distinct",
      "POST /api/staff/leads/:id/merge",
      "POST /api/staff/leads/:id/notes",
      "POST /api/staff/leads/:id/replies",
      "POST /api/staff/leads/visits",
      "POST /api/staff/media",
      "POST /api/staff/newsletter/preview",
      "POST /api/staff/newsletter/welcome/test",
      "POST /api/staff/outbox/:id/retry",
      "POST /api/staff/passkeys/register/options",
      "POST /api/staff/passkeys/register/verify",
      "POST /api/staff/positions",
      "POST /api/staff/positions/:id/publish",
      "POST /api/staff/positions/:id/revisions/:revision/restore",
      "POST /api/staff/positions/:id/unpublish",
      "POST /api/staff/saved-filters",
      "POST /api/staff/sign-in/email",
      "POST /api/staff/sign-in/email/verify",
      "POST /api/staff/sign-in/passkey/options",
      "POST /api/staff/sign-in/passkey/verify",
      "POST /api/staff/sign-out",
      "POST /api/staff/sign-out-everywhere",
      "POST /api/staff/subscribers/:id/address",
      "POST /api/staff/subscribers/:id/confirmation",
      "POST /api/staff/subscribers/:id/unsubscribe",
      "POST /api/staff/suppressions",
      "PUT /api/staff/newsletter/welcome",
      "PUT /api/staff/routing",
      "PUT /api/staff/service-hours",
    ]);
  });

  it("each declare the 503 that answers a fault of ours (a refusal its endpoint does not list)", () => {
    for (const endpoint of STAFF_ENDPOINTS) {
      expect(endpoint.answers[503], `${endpoint.method} ${endpoint.path}`).toBeDefined();
    }
  });

  it("are all under /api/staff/, their params named in the address", () => {
    for (const endpoint of STAFF_ENDPOINTS) {
      expect(endpoint.path, endpoint.path).toMatch(/^\/api\/staff\/[a-z0-9/.:-]+$/);
    }
  });
});
