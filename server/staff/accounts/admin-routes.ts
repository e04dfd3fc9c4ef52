import type { FastifyPluginAsync } from "fastify";
import {
  NO_ACCOUNT,
  NO_MESSAGE,
  accountsApi,
  erasureApi,
  outboxApi,
  teamApi,
} from "../../../staff-api/admin";
import {
  AccountChangeRefused,
  StaleAccountError,
  accountSummaries,
  changeAccount,
  inviteAccount,
  resendInvitation,
} from "./accounts-admin";
import { AccountInputError } from "./accounts";
import { recordAudit } from "../../audit/audit";
import { type IfMatch, answer, routesOn, versionMatches } from "../../http/contract-routes";
import { erasePerson } from "../../people/erasure";
import { listOutbox, retryOutbox } from "../../mail/outbox-routes";
import { auditActorOf, pageOf, auditedRead, pageKept, recordShown } from "../../http/route-kit";
import type { StaffRoutesOptions } from "../../staff-api-routes";

/** How the audit log names a change made in the console (the command line names its user). */
const VIA_CONSOLE = "console";

/**
 * The console's team and admin API, as staff-api/admin.ts defines it: every account (for
 * the lead owner picker; sales and admins), and for admins only the accounts themselves, erasure
 * of a person and the outbox (the audit log is audit/audit-routes.ts). Every read of personal data
 * and every change is in the audit log, written in its transaction. Registered inside staffRoutes,
 * whose hooks (no-store, JSON-only writes) apply.
 */
export const adminRoutes: FastifyPluginAsync<StaffRoutesOptions> = async (
  app,
  { db, outbox, config, now, checkAnswers },
) => {
  const route = routesOn(app, { checkAnswers });
  const changedBy = (request: Parameters<typeof auditActorOf>[0]) => ({
    actor: auditActorOf(request),
    via: VIA_CONSOLE,
    now: now(),
  });
  /** A change of the version the page listed: only while the account is still at it. */
  const ofVersion = (request: Parameters<typeof auditActorOf>[0], ifMatch: IfMatch) => ({
    ...changedBy(request),
    isCurrent: (version: string) => versionMatches(ifMatch, version),
  });
  /** The 412 of a stale change: the account as it now is, its read in the audit log. */
  async function staleAnswer(request: Parameters<typeof auditActorOf>[0], error: unknown) {
    if (!(error instanceof StaleAccountError)) throw error;
    const { account } = error;
    const record = { type: "staff_account", id: account.id };
    await recordShown(db, { request, action: "account.view", at: now(), record });
    return answer(412, account, account.version);
  }

  // -------------------------------------------------------------------------------------------
  // The team: who can own a lead. Staff addresses and names only, so not audited.

  route(teamApi.list, "team list", async () => {
    const rows = await db
      .selectFrom("staff_accounts")
      .select(["email", "name", "role", "disabled_at"])
      .orderBy("email_key")
      .execute();
    const items = rows.map(({ disabled_at, ...member }) => ({
      ...member,
      disabled: disabled_at !== null,
    }));
    return answer(200, { items });
  });

  // -------------------------------------------------------------------------------------------
  // Accounts

  route(accountsApi.list, "account list", async ({ request }) => {
    // Every account's name, address and last sign-in: who read them is recorded.
    const items = await auditedRead(
      db,
      { request, action: "account.list", at: now() },
      accountSummaries,
      (accounts) => ({ accounts: accounts.length }),
    );
    return answer(200, { items });
  });

  route(accountsApi.invite, "account invitation", async ({ body, request, refuse }) => {
    // Not held to the sign-in limits: only admins invite, and each invitation is audited.
    const account = await inviteAccount(db, body, {
      ...changedBy(request),
      publicUrl: config.publicUrl,
      emailDomains: config.staffEmailDomains,
    }).catch((error: unknown) => {
      // The address is outside STAFF_EMAIL_DOMAINS: the console shows it beside the field.
      if (error instanceof AccountInputError) throw refuse(400, `email: ${error.message}`);
      throw error;
    });
    if (account === "exists") throw refuse(409, "This address already has an account.");
    outbox.wake();
    return answer(201, account);
  });

  route(
    accountsApi.resendInvitation,
    "invitation resend",
    async ({ params: { id }, request, refuse, ifMatch }) => {
      const account = await resendInvitation(db, id, {
        ...ofVersion(request, ifMatch),
        publicUrl: config.publicUrl,
      }).catch((error: unknown) => staleAnswer(request, error));
      if (typeof account === "object" && "status" in account) return account;
      if (account === "not-found") throw refuse(404, NO_ACCOUNT);
      if (account === "signed-in") {
        throw refuse(
          409,
          "This account has signed in already: they can ask for a sign-in link on the sign-in page.",
        );
      }
      if (account === "disabled") {
        throw refuse(409, "This account is disabled: enable it before inviting it again.");
      }
      outbox.wake();
      return answer(200, account, account.version);
    },
  );

  route(
    accountsApi.change,
    "account change",
    async ({ params: { id }, body, request, refuse, ifMatch }) => {
      // A change that changes nothing still answers the account: recorded as a read of it. So does
      // one made on a version it no longer has (412).
      const unchanged = await db.transaction().execute(async (trx) => {
        const [account] = await accountSummaries(trx, id);
        if (!account) return "missing";
        const role = body.role ?? account.role;
        const stale = !versionMatches(ifMatch, account.version);
        if (
          !stale &&
          (role !== account.role || (body.disabled ?? account.disabled) !== account.disabled)
        ) {
          return null;
        }
        await recordAudit(trx, {
          action: "account.view",
          at: now().toISOString(),
          actor: auditActorOf(request),
          record: { type: "staff_account", id },
        });
        return { account, stale };
      });
      if (unchanged === "missing") throw refuse(404, NO_ACCOUNT);
      if (unchanged) {
        const { account, stale } = unchanged;
        return answer(stale ? 412 : 200, account, account.version);
      }
      try {
        const account = await changeAccount(db, id, body, ofVersion(request, ifMatch));
        if (!account) throw refuse(404, NO_ACCOUNT);
        return answer(200, account, account.version);
      } catch (error) {
        if (error instanceof AccountChangeRefused) throw refuse(400, error.message);
        return staleAnswer(request, error);
      }
    },
  );

  // -------------------------------------------------------------------------------------------
  // Erasure of a person, as `npm run leads -- forget` does it (people/erasure.ts)

  route(erasureApi.forget, "erasure", async ({ body, request }) =>
    answer(200, { erased: await erasePerson(db, body.email, changedBy(request), config.mail) }),
  );

  // -------------------------------------------------------------------------------------------
  // The outbox. Admins see recipients in full (they can read every lead anyway); each page they
  // read and each retry is audited.

  route(outboxApi.list, "outbox list", async ({ query, request }) => {
    const page = pageOf(query);
    const filters = query.state ? { state: query.state } : {};
    const messages = await auditedRead(
      db,
      { request, action: "outbox.viewed", at: now() },
      (trx) => listOutbox(trx, filters, page),
      (listed) => ({ filters, page: pageKept(page), messages: listed.items.length }),
    );
    return answer(200, messages);
  });

  route(outboxApi.retry, "outbox retry", async ({ params: { id }, request, refuse }) => {
    const at = now();
    const result = await db.transaction().execute(async (trx) => {
      const retried = await retryOutbox(trx, id, at);
      if (retried.ok) {
        await recordAudit(trx, {
          action: "outbox.retried",
          at: at.toISOString(),
          actor: auditActorOf(request),
          record: { type: "outbox", id },
          detail: { kind: retried.item.kind, attemptsBefore: retried.attemptsBefore },
        });
      }
      return retried;
    });
    if (result.ok) {
      outbox.wake();
      return answer(200, result.item);
    }
    if (result.reason === "not-found") throw refuse(404, NO_MESSAGE);
    throw refuse(
      409,
      result.reason === "dropped"
        ? "This message carried a sign-in link and was discarded; ask for a new link (or send the invitation again) instead."
        : result.reason === "body-removed"
          ? "This message's body was removed when its retention period ended; there is nothing left to send."
          : "Only a failed message, or a Slack message or webhook that was sent, can be sent again.",
    );
  });
};
