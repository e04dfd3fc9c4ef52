import type { LeadDetail } from "../staff-api/leads";

/** A contact message as the API answers it (LeadDetail), for the console's tests. */
export function leadDetail(fields: Partial<LeadDetail> = {}): LeadDetail {
  return {
    id: "contact-1",
    type: "contact",
    createdAt: "2026-11-20T10:00:00.000Z",
    status: "new",
    owner: null,
    source: null,
    firstName: "Ama",
    lastName: "Mensah",
    email: "ama@example.com",
    phone: "",
    message: "Hello",
    firstResponseAt: null,
    timeToFirstResponseMs: null,
    timeline: [],
    ...fields,
  };
}
