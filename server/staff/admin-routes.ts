import type { FastifyPluginAsync, FastifyReply } from "fastify";
import * as z from "zod/mini";
import { email } from "../../leads/email";
import { optionalText } from "../../leads/fields";
import type { Config } from "../config";
import type { DB } from "../db/database";
import { zodRoute } from "../http/zod-schemas";
import type { OutboxWorker } from "../mail/outbox";
import {
  AccountChangeRefused,
  accountSummaries,
  changeAccount,
  inviteAccount,
} from "./accounts-admin";
import { recordAudit } from "./audit";
import { erasePerson } from "./erasure";
import { OUTBOX_STATES, listOutbox, retryOutbox } from "./outbox-admin";
import { staffApiPaths } from "./paths";
import { STAFF_ROLES } from "../../staff-api/roles";
import {
  Failed,
  PageShape,
  RECORD_REFUSALS,
  REFUSALS,
  auditActorOf,
  firstIssue,
  pageOf,
  unavailable,
} from "./route-kit";

export interface AdminRoutesOptions {
  db: DB;
  outbox: OutboxWorker;
  config: Pick<Config, "publicUrl" | "mail">;
  now: () => Date;
}

/** How the audit log names a change made in the console (the command line names its user). */
const VIA_CONSOLE = "console";

/** The ids of accounts and outbox messages are UUIDs; anything else is no record's. */
const RECORD_ID = /^[A-Za-z0-9-]{1,64}$/;
interface IdParams {
  id: string;
}

const Role = z.enum(STAFF_ROLES);
const TeamMember = z.object({ email: z.string(), name: z.string(), role: Role });
const Team = z.object({ items: z.array(TeamMember) });
const Account = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: Role,
  disabled: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.nullable(z.string()),
});
const Accounts = z.object({ items: z.array(Account) });
const InviteBody = z.object({ email: email(), role: Role, name: optionalText({ max: 100 }) });
const ChangeBody = z.object({ role: z.optional(Role), disabled: z.optional(z.boolean()) });

const ForgetBody = z.object({ email: email() });
const Erased = z.object({ erased: z.record(z.string(), z.number()) });

const OutboxQuery = z.object({ state: z.optional(z.enum(OUTBOX_STATES)), ...PageShape });
const OutboxItem = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.nullable(z.string()),
  subject: z.nullable(z.string()),
  attempts: z.number(),
  lastError: z.nullable(z.string()),
  createdAt: z.string(),
  nextAttemptAt: z.string(),
  state: z.enum(OUTBOX_STATES),
});
const OutboxPage = z.object({ items: z.array(OutboxItem), nextCursor: z.nullable(z.string()) });
/** A retry takes no input; an empty JSON object or no body at all is fine. */
const NoBody = z.optional(z.object({}));

const NO_ACCOUNT = { error: "No such account" };
const NO_MESSAGE = { error: "No such message" };

/**
 * The console's team and admin API: the enabled accounts (for the lead owner picker; sales and
 * admins), and for admins only the accounts themselves, the audit log, erasure of a person and
 * the outbox. Every read of personal data and every change is in the audit log, written in its
 * transaction. Registered inside staffRoutes, whose hooks (no-store, JSON-only writes) apply.
 */
export const adminRoutes: FastifyPluginAsync<AdminRoutesOptions> = async (
  app,
  { db, outbox, config, now },
) => {
  const adminOnly = app.requireStaff("admin");
  const badRequest = (reply: FastifyReply, message: string) =>
    reply.code(400).send({ error: message });
  const changedBy = (request: Parameters<typeof auditActorOf>[0]) => ({
    actor: auditActorOf(request),
    via: VIA_CONSOLE,
    now: now(),
  });

  // -------------------------------------------------------------------------------------------
  // The team: who can own a lead. Staff addresses and names only, so not audited.

  app.get(
    staffApiPaths.team,
    {
      ...zodRoute({ response: { 200: Team, 401: Failed, 403: Failed, 503: Failed } }),
      preHandler: app.requireStaff("sales", "admin"),
    },
    async (request, reply) => {
      try {
        const rows = await db
          .selectFrom("staff_accounts")
          .select(["email", "name", "role"])
          .where("disabled_at", "is", null)
          .orderBy("email_key")
          .execute();
        return { items: rows };
      } catch (error) {
        return unavailable(request, reply, error, "team list");
      }
    },
  );

  // -------------------------------------------------------------------------------------------
  // Accounts

  app.get(
    staffApiPaths.accounts,
    {
      ...zodRoute({ response: { 200: Accounts, 401: Failed, 403: Failed, 503: Failed } }),
      preHandler: adminOnly,
    },
    async (request, reply) => {
      try {
        // Every account's name, address and last sign-in: who read them is recorded.
        return await db.transaction().execute(async (trx) => {
          const items = await accountSummaries(trx);
          await recordAudit(trx, {
            action: "account.list",
            at: now().toISOString(),
            actor: auditActorOf(request),
            detail: { accounts: items.length },
          });
          return { items };
        });
      } catch (error) {
        return unavailable(request, reply, error, "account list");
      }
    },
  );

  app.post(
    staffApiPaths.accounts,
    {
      ...zodRoute({ body: InviteBody, response: { 201: Account, ...REFUSALS, 409: Failed } }),
      preHandler: adminOnly,
    },
    async (request, reply) => {
      const invalid = firstIssue(request);
      if (invalid) return badRequest(reply, invalid);
      const body = request.body as z.output<typeof InviteBody>;
      try {
        // Not held to the sign-in limits: only admins invite, and each invitation is audited.
        const account = await inviteAccount(db, body, {
          ...changedBy(request),
          publicUrl: config.publicUrl,
        });
        if (account === "exists") {
          return reply.code(409).send({ error: "This address already has an account." });
        }
        outbox.wake();
        return reply.code(201).send(account);
      } catch (error) {
        return unavailable(request, reply, error, "account invitation");
      }
    },
  );

  app.patch(
    staffApiPaths.account,
    {
      ...zodRoute({ body: ChangeBody, response: { 200: Account, ...RECORD_REFUSALS } }),
      preHandler: adminOnly,
    },
    async (request, reply) => {
      const { id } = request.params as IdParams;
      if (!RECORD_ID.test(id)) return reply.code(404).send(NO_ACCOUNT);
      const invalid = firstIssue(request);
      if (invalid) return badRequest(reply, invalid);
      const body = request.body as z.output<typeof ChangeBody>;
      try {
        // A change that changes nothing still answers the account: recorded as a read of it.
        const unchanged = await db.transaction().execute(async (trx) => {
          const [account] = await accountSummaries(trx, id);
          if (!account) return "missing";
          const role = body.role ?? account.role;
          if (role !== account.role || (body.disabled ?? account.disabled) !== account.disabled) {
            return null;
          }
          await recordAudit(trx, {
            action: "account.view",
            at: now().toISOString(),
            actor: auditActorOf(request),
            record: { type: "staff_account", id },
          });
          return account;
        });
        if (unchanged === "missing") return reply.code(404).send(NO_ACCOUNT);
        if (unchanged) return unchanged;
        const account = await changeAccount(db, id, body, changedBy(request));
        return account ?? reply.code(404).send(NO_ACCOUNT);
      } catch (error) {
        if (error instanceof AccountChangeRefused) return badRequest(reply, error.message);
        return unavailable(request, reply, error, "account change");
      }
    },
  );

  // -------------------------------------------------------------------------------------------
  // Erasure of a person, as `npm run leads -- forget` does it (erasure.ts)

  app.post(
    staffApiPaths.forget,
    {
      ...zodRoute({ body: ForgetBody, response: { 200: Erased, ...REFUSALS } }),
      preHandler: adminOnly,
    },
    async (request, reply) => {
      const invalid = firstIssue(request);
      if (invalid) return badRequest(reply, invalid);
      const { email: address } = request.body as z.output<typeof ForgetBody>;
      try {
        return { erased: await erasePerson(db, address, changedBy(request), config.mail) };
      } catch (error) {
        return unavailable(request, reply, error, "erasure");
      }
    },
  );

  // -------------------------------------------------------------------------------------------
  // The outbox. Admins see recipients in full (they can read every lead anyway); each page they
  // read and each retry is audited.

  app.get(
    staffApiPaths.outbox,
    {
      ...zodRoute({ querystring: OutboxQuery, response: { 200: OutboxPage, ...REFUSALS } }),
      preHandler: adminOnly,
    },
    async (request, reply) => {
      const invalid = firstIssue(request);
      if (invalid) return badRequest(reply, invalid);
      const query = request.query as z.output<typeof OutboxQuery>;
      const page = pageOf(query);
      if (typeof page === "string") return badRequest(reply, page);
      try {
        return await db.transaction().execute(async (trx) => {
          const messages = await listOutbox(trx, query.state ? { state: query.state } : {}, page);
          await recordAudit(trx, {
            action: "outbox.viewed",
            at: now().toISOString(),
            actor: auditActorOf(request),
            detail: {
              filters: query.state ? { state: query.state } : {},
              page: page.cursor ? "next" : "first",
              messages: messages.items.length,
            },
          });
          return messages;
        });
      } catch (error) {
        return unavailable(request, reply, error, "outbox list");
      }
    },
  );

  app.post(
    staffApiPaths.outboxRetry,
    {
      ...zodRoute({
        body: NoBody,
        response: { 200: OutboxItem, ...RECORD_REFUSALS, 409: Failed },
      }),
      preHandler: adminOnly,
    },
    async (request, reply) => {
      const { id } = request.params as IdParams;
      if (!RECORD_ID.test(id)) return reply.code(404).send(NO_MESSAGE);
      const invalid = firstIssue(request);
      if (invalid) return badRequest(reply, invalid);
      const at = now();
      try {
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
          return result.item;
        }
        if (result.reason === "not-found") return reply.code(404).send(NO_MESSAGE);
        return reply.code(409).send({
          error:
            result.reason === "dropped"
              ? "This message carried a sign-in link and was discarded; ask for a new link instead."
              : "Only a failed message, or a Slack message or webhook that was sent, can be sent again.",
        });
      } catch (error) {
        return unavailable(request, reply, error, "outbox retry");
      }
    },
  );
};
