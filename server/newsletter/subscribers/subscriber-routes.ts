import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { QueryOf } from "../../../staff-api/endpoint";
import {
  NO_SUCH_SUBSCRIBER,
  type Subscriber,
  type SubscriberFilterShape,
  subscribersApi,
} from "../../../staff-api/subscribers";
import { resendConfirmation, unsubscribeById } from "./lifecycle";
import type { SuppressionReason } from "../../db/schema";
import { newsletterConfirmation } from "../../mail/emails/newsletter-confirmation";
import { newsletterLinks } from "../links";
import { recordAudit } from "../../audit/audit";
import { normalizeEmail } from "../../../leads/email";
import { type AddressChangeOutcome, requestAddressChange } from "./address-change";
import { answer, routesOn, versionMatches } from "../../http/contract-routes";
import { listAndExportRoutes, storedUpTo } from "../../http/list-routes";
import { type KeptAs, auditActorOf, auditFilters, recordShown } from "../../http/route-kit";
import {
  SUBSCRIBER_CSV_COLUMNS,
  type SubscriberFilters,
  allSubscribers,
  subscriberCsvRow,
  countSubscribers,
  listSubscribers,
  subscriberCounts,
} from "./subscribers";
import type { StaffRoutesOptions } from "../../staff-api-routes";
import { readSubscriberConsent } from "./subscriber-consent";

/** Why an address is suppressed, in the words of a refusal. */
const SUPPRESSION_REFUSALS: Record<SuppressionReason, string> = {
  "hard-bounce": "its mailbox does not exist",
  "soft-bounce": "it was refused three times in 14 days",
  complaint: "they marked the newsletter as spam",
  manual: "added by hand",
};

/** Why a new address was refused, in the words of the 409. */
function addressRefusal(
  outcome: Exclude<AddressChangeOutcome, { sent: true } | { stale: unknown }>,
): string {
  if ("suppressed" in outcome) {
    return (
      `The new address is on the suppression list (${SUPPRESSION_REFUSALS[outcome.suppressed]}): ` +
      "no e-mail goes to it."
    );
  }
  return {
    unsubscribed: "They have unsubscribed: only they can sign up again, on the site.",
    same: "That is their address already.",
    confirmed: "The new address has a confirmed subscription of its own already.",
    "too-recent":
      "A confirmation e-mail went to the new address less than an hour ago: wait an hour between two.",
    capped:
      "The new address has had as many confirmation e-mails as it may get in a day. Try tomorrow.",
  }[outcome.refused];
}

/** How the audit log keeps each filter: the search text, often an address, as its length. */
const KEPT: Record<keyof typeof SubscriberFilterShape, KeptAs> = { status: "asked", q: "length" };
type Filters = QueryOf<typeof subscribersApi.exportCsv>;

function filtersOf(query: Filters): SubscriberFilters {
  return {
    ...(query.status ? { status: query.status } : {}),
    ...(query.q ? { q: query.q } : {}),
  };
}

/**
 * The newsletter's subscribers under /api/staff/subscribers, as staff-api/subscribers.ts defines
 * them, for marketing and admins: a list, a CSV export and the counts, each request in the audit
 * log (the search text as its length only); and for one subscriber the confirmation e-mail again
 * or unsubscribing them, each recorded with the change. Registered inside staffRoutes, whose
 * hooks (no-store, JSON-only writes) apply.
 */
export const subscriberRoutes: FastifyPluginAsync<StaffRoutesOptions> = async (app, options) => {
  const { db, now, outbox, alerts, config } = options;
  listAndExportRoutes(app, subscribersApi, options, {
    what: { list: "subscriber list", export: "subscriber export" },
    actions: { list: "subscriber.list", export: "subscriber.export" },
    filtersOf,
    kept: (query) => auditFilters(query, KEPT),
    page: listSubscribers,
    // The export is of the subscribers stored before it started: those counted and audited.
    until: storedUpTo,
    count: countSubscribers,
    items: allSubscribers,
    toRow: subscriberCsvRow,
    file: { name: "subscribers", columns: SUBSCRIBER_CSV_COLUMNS, countHeader: "x-row-count" },
    summary: {
      endpoint: subscribersApi.counts,
      action: "subscriber.count",
      read: subscriberCounts,
    },
  });

  const route = routesOn(app, { checkAnswers: options.checkAnswers });

  /** The 412 of a change made on an older version: the subscriber as they now are, audited. */
  async function staleAnswer(request: FastifyRequest, subscriber: Subscriber) {
    const record = { type: "subscriber", id: subscriber.id };
    await recordShown(db, { request, action: "subscriber.view", at: now(), record });
    return answer(412, subscriber, subscriber.version);
  }
  route(
    subscribersApi.resendConfirmation,
    "subscriber request",
    async ({ params, request, refuse }) => {
      const at = now();
      const record = { type: "subscriber", id: params.id };
      const outcome = await resendConfirmation(
        db,
        params.id,
        (email) => (tokens) =>
          newsletterConfirmation(email, newsletterLinks(config.publicUrl, tokens)),
        {
          now: at,
          also: (trx) =>
            recordAudit(trx, {
              action: "subscriber.confirmation-resent",
              at: at.toISOString(),
              actor: auditActorOf(request),
              record,
            }),
        },
      );
      if (!outcome) throw refuse(404, NO_SUCH_SUBSCRIBER);
      if ("status" in outcome) {
        throw refuse(
          409,
          outcome.status === "confirmed"
            ? "They have confirmed already: there is nothing to confirm."
            : "They have unsubscribed: only they can sign up again, on the site.",
        );
      }
      if ("lastSentAt" in outcome) {
        throw refuse(
          409,
          "A confirmation e-mail went to them less than an hour ago: wait an hour between two.",
        );
      }
      if ("suppressed" in outcome) {
        throw refuse(
          409,
          `Their address is on the suppression list (${SUPPRESSION_REFUSALS[outcome.suppressed]}): ` +
            "no e-mail goes to it. Marketing can lift a soft bounce or a hand-made entry there.",
        );
      }
      if ("capped" in outcome) {
        throw refuse(
          409,
          "This mailbox has had as many confirmation e-mails as it may get in a day. Try tomorrow.",
        );
      }
      outbox.wake();
      return answer(202, { message: "The confirmation e-mail is on its way again." });
    },
  );

  route(subscribersApi.consent, "subscriber request", async ({ params, request, refuse }) => {
    const consent = await readSubscriberConsent(db, params.id, {
      at: now().toISOString(),
      actor: auditActorOf(request),
    });
    if (!consent) throw refuse(404, NO_SUCH_SUBSCRIBER);
    return answer(200, consent);
  });

  route(
    subscribersApi.changeAddress,
    "subscriber request",
    async ({ params, body, request, refuse, ifMatch }) => {
      const at = now();
      const email = normalizeEmail(body.email);
      const outcome = await requestAddressChange(
        db,
        params.id,
        email,
        (tokens) => newsletterConfirmation(email, newsletterLinks(config.publicUrl, tokens)),
        {
          now: at,
          // The old subscription, and the new one: the log keeps neither address.
          also: (trx, replacement) =>
            recordAudit(trx, {
              action: "subscriber.address-change-sent",
              at: at.toISOString(),
              actor: auditActorOf(request),
              record: { type: "subscriber", id: params.id },
              detail: { replacement },
            }),
          isCurrent: (version) => versionMatches(ifMatch, version),
        },
      );
      if (!outcome) throw refuse(404, NO_SUCH_SUBSCRIBER);
      if ("stale" in outcome) return staleAnswer(request, outcome.stale);
      if (!("sent" in outcome)) throw refuse(409, addressRefusal(outcome));
      outbox.wake();
      return answer(
        202,
        {
          message:
            "A confirmation e-mail is on its way to the new address. It replaces the old one once confirmed there.",
        },
        outcome.version,
      );
    },
  );

  route(subscribersApi.unsubscribe, "subscriber request", async ({ params, request, refuse }) => {
    const at = now().toISOString();
    const found = await unsubscribeById(
      db,
      params.id,
      (change) => alerts.forSubscriber("subscriber.unsubscribed", change),
      (trx) =>
        recordAudit(trx, {
          action: "subscriber.unsubscribed",
          at,
          actor: auditActorOf(request),
          record: { type: "subscriber", id: params.id },
        }),
    );
    if (!found) throw refuse(404, NO_SUCH_SUBSCRIBER);
    return answer(200, { message: "Unsubscribed. They get no more newsletters." });
  });
};
