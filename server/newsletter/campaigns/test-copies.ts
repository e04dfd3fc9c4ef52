import type { FastifyReply, FastifyRequest } from "fastify";
import { newsletterLinkPaths } from "../../../common/paths";
import { emailKey, normalizeEmail } from "../../../leads/email";
import { TOO_MANY } from "../../../staff-api/answers";
import { testAddressProblem } from "../../../staff-api/newsletter";
import type { MailMessage } from "../../mail/message";
import { enqueueMail } from "../../mail/outbox";
import { newsletterMail } from "../../mail/emails/newsletter-mail";
import { CAMPAIGN_TEST_KIND } from "./campaigns";
import type { RenderedNewsletter } from "../markdown/content";
import { type AuditEntry, recordAudit } from "../../audit/audit";
import { Refused, answer } from "../../http/contract-routes";
import { auditActorOf } from "../../http/route-kit";
import { countHit } from "../../staff/sign-in/rate-limit";
import type { StaffIdentity } from "../../staff/sign-in/sessions";
import type { StaffRoutesOptions } from "../../staff-api-routes";

/**
 * Test sends a member of staff may make in an hour, campaigns' and the welcome e-mail's together:
 * at MAX_TEST_ADDRESSES each, a hundred e-mails at most, so the console cannot be used to mail
 * strangers in bulk from the company's address.
 */
export const TEST_SENDS = { max: 20, windowMs: 60 * 60_000 };

/** Who asks for a test send: the route's member of staff, request and reply. */
interface Asker {
  staff: StaffIdentity;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What a test send is of: the addresses asked for (none: the sender's own), and its entry. */
interface TestOf {
  to: readonly string[] | undefined;
  content: RenderedNewsletter;
  /** The audit entry's action and record; its detail is the count of addresses. */
  audit: Pick<AuditEntry, "action" | "record">;
}

/**
 * A test copy: like a subscriber's copy, subject "[Test] …", but its unsubscribe link leads to
 * the page without a token (it unsubscribes nobody) and it carries no one-click header.
 */
export async function testCopyMail(
  address: string,
  content: RenderedNewsletter,
  publicUrl: string,
): Promise<MailMessage> {
  const page = `${publicUrl}${newsletterLinkPaths.unsubscribe}`;
  const mail = await newsletterMail(
    address,
    { ...content, subject: `[Test] ${content.subject}` },
    { unsubscribeUrl: page, oneClickUnsubscribeUrl: page },
  );
  return { ...mail, headers: {} };
}

/**
 * The test send of the staff routes: one test copy of `content` to each address (or to the
 * sender), subject "[Test] …", audited, refusing a bad list (400, naming the bad address) and
 * more than TEST_SENDS an hour (429, counted before any copy is stored). The audit entry keeps
 * how many addresses and whether the sender's own was among them, not the others: a
 * colleague's or a personal address chosen by staff is personal data the log does not need.
 * Answers the 202 to give, or the 429.
 */
export function testCopies({
  db,
  outbox,
  config: { publicUrl },
  now: clock,
}: Pick<StaffRoutesOptions, "db" | "outbox" | "config" | "now">) {
  return async ({ staff, request, reply }: Asker, { to, content, audit }: TestOf) => {
    const now = clock();
    const asked = to ?? [staff.email];
    const problem = testAddressProblem(asked);
    if (problem) throw new Refused(400, problem);
    // One copy per mailbox, however often or in whatever case it was typed: as first typed.
    const byMailbox = new Map<string, string>();
    for (const typed of asked) {
      if (!byMailbox.has(emailKey(typed))) byMailbox.set(emailKey(typed), normalizeEmail(typed));
    }
    const addresses = [...byMailbox.values()];
    const hit = await countHit(db, `newsletter-test:${staff.accountId}`, TEST_SENDS, now);
    if (!hit.allowed) {
      reply.header("retry-after", String(hit.retryAfterSeconds));
      return answer(429, {
        error: `${TOO_MANY.error} A member of staff can send ${TEST_SENDS.max} tests an hour.`,
      });
    }
    const at = now.toISOString();
    // Rendered before the transaction opens, which on SQLite holds every other write.
    const copies = await Promise.all(
      addresses.map((address) => testCopyMail(address, content, publicUrl)),
    );
    await db.transaction().execute(async (trx) => {
      for (const message of copies) {
        await enqueueMail(trx, {
          kind: CAMPAIGN_TEST_KIND,
          leadId: staff.accountId,
          message,
          now: at,
        });
      }
      const own = emailKey(staff.email);
      await recordAudit(trx, {
        ...audit,
        at,
        actor: auditActorOf(request),
        detail: { addresses: addresses.length, toSelf: addresses.some((a) => emailKey(a) === own) },
      });
    });
    outbox.wake();
    const list = addresses.join(", ");
    return answer(202, {
      message:
        addresses.length === 1
          ? `A test copy is on its way to ${list}.`
          : `Test copies are on their way to ${list}: one each.`,
    });
  };
}
