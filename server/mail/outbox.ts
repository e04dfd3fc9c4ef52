import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { DB } from "../db/database";
import type { Database, OutboxKind, OutboxOutcome } from "../db/schema";
import type { MailMessage } from "./message";
import type { MailTransport } from "./transports";
import { safeError } from "../privacy/log-safety";

/**
 * Adds a delivery to the outbox in the caller's transaction, so that a lead and what announces it
 * (the sales e-mail, the alerts of server/alerts/) are stored together or not at all.
 */
export async function enqueue(
  trx: Transaction<Database> | DB,
  {
    kind,
    leadId,
    payload,
    now,
    recipientKey = null,
  }: {
    kind: OutboxKind;
    /** The lead, subscription or staff account the delivery is about. */
    leadId: string;
    /** What the deliverer of `kind` sends: a MailMessage as JSON, or an alert's body. */
    payload: string;
    now: string;
    /** Set on mail whose sending is limited per recipient (newsletter confirmations). */
    recipientKey?: string | null;
  },
): Promise<void> {
  await trx
    .insertInto("outbox")
    .values({
      id: randomUUID(),
      kind,
      lead_id: leadId,
      recipient_key: recipientKey,
      payload,
      status: "pending",
      next_attempt_at: now,
      last_error: null,
      claimed_by: null,
      claimed_until: null,
      created_at: now,
      sent_at: null,
    })
    .execute();
}

/** Adds an e-mail to the outbox in the caller's transaction (see enqueue). */
export function enqueueMail(
  trx: Transaction<Database> | DB,
  {
    message,
    ...entry
  }: {
    kind: OutboxKind;
    leadId: string;
    message: MailMessage;
    now: string;
    recipientKey?: string | null;
  },
): Promise<void> {
  return enqueue(trx, { ...entry, payload: JSON.stringify(message) });
}

/**
 * Sends one stored delivery; throws when it did not go out (and may go out on a retry). `id` is
 * the outbox row's, `leadId` what it is about. Answers "cancelled" when the delivery is no longer
 * wanted (a campaign copy whose subscriber has left): it is then neither sent nor retried; "held"
 * when it must wait (a copy of a paused campaign) until something puts it back to pending; an
 * `Unsent` to say why it was not sent (the outcome the reports show).
 */
export type Deliverer = (
  payload: string,
  id: string,
  leadId: string,
) => Promise<void | "cancelled" | "held" | Unsent>;

/**
 * A delivery not sent, and why: cancelled (suppressed, or the subscriber left) or failed for good
 * at once, without retries (the recipient's server refused it permanently).
 */
export interface Unsent {
  status: "cancelled" | "failed";
  outcome: OutboxOutcome;
  /** Stored as the row's last error, for a failure. */
  error?: string;
}

export interface OutboxOptions {
  db: DB;
  /** Delivers every kind without a deliverer of its own: the e-mails. */
  transport: MailTransport;
  /** Deliverers of other kinds, by kind (server/alerts/deliver.ts, server/newsletter/). */
  deliverers?: Partial<Record<OutboxKind, Deliverer>>;
  /**
   * Kinds sent no faster than so many per minute (newsletter campaigns). Other kinds go first
   * and are never held up by them.
   */
  perMinute?: Partial<Record<OutboxKind, number>>;
  /** Work done at the start of every run (starting scheduled campaigns, closing finished ones). */
  tasks?: Array<(at: Date) => Promise<void>>;
  log: {
    info: (obj: object, msg: string) => void;
    warn: (obj: object, msg: string) => void;
    error: (obj: object, msg: string) => void;
  };
  pollMs: number;
  maxAttempts: number;
  /** First retry delay; it doubles with each failed attempt up to maxRetryDelayMs. */
  retryBaseMs?: number;
  maxRetryDelayMs?: number;
  /** How long a claimed message is reserved for this instance. Longer than any send. */
  leaseMs?: number;
  now?: () => Date;
}

export interface OutboxWorker {
  /** Sends what is due now; resolves with the number of messages attempted. */
  runOnce(): Promise<number>;
  /** Ask for a run soon (after a lead was stored) without waiting for the next poll. */
  wake(): void;
  start(): void;
  /** Stops polling and waits for the send in progress. */
  stop(): Promise<void>;
}

/**
 * Kinds whose message carries a secret (a staff sign-in link, or an invitation's): once the
 * message is sent or has failed for good, the stored copy is replaced by this, so the database
 * keeps no usable link.
 */
export const KINDS_WITH_SECRETS: ReadonlySet<OutboxKind> = new Set<OutboxKind>([
  "staff-sign-in",
  "staff-invitation",
]);
const DROPPED_PAYLOAD = JSON.stringify({ dropped: "the message carried a secret" });

interface DueRow {
  id: string;
  kind: OutboxKind;
  lead_id: string;
  payload: string;
  attempts: number;
}

/** Deliveries under way at once per instance (nodemailer's pool keeps as many connections). */
export const SENDS_IN_FLIGHT = 5;

/** Messages taken per run. */
const BATCH_SIZE = 50;
/** How soon after a new lead its notification goes out. */
const WAKE_DELAY_MS = 50;

export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), maxMs);
}

/**
 * Delivers the outbox. Any number of instances may run against one database: a message is sent
 * only by the instance whose conditional UPDATE claimed it (a lease with an expiry, so a crashed
 * instance's claim lapses and another picks the message up).
 */
export function createOutboxWorker(options: OutboxOptions): OutboxWorker {
  const { db, transport, log, pollMs, maxAttempts } = options;
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 60 * 60_000;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const now = options.now ?? (() => new Date());
  const perMinute = options.perMinute ?? {};
  const instanceId = randomUUID();
  /** Per rate-limited kind, what this instance may still send and when that was reckoned. */
  const buckets: Partial<Record<OutboxKind, { tokens: number; at: number }>> = {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<{ attempted: number; throttled: boolean }> | undefined;
  let stopped = true;

  async function claim(id: string, at: Date): Promise<boolean> {
    const result = await db
      .updateTable("outbox")
      .set({
        claimed_by: instanceId,
        claimed_until: new Date(at.getTime() + leaseMs).toISOString(),
      })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .where((eb) =>
        eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", at.toISOString())]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async function deliver(row: DueRow): Promise<void> {
    const channel = options.deliverers?.[row.kind] ? row.kind : transport.name;
    try {
      const deliver: Deliverer =
        options.deliverers?.[row.kind] ??
        ((payload, id) => transport.send(JSON.parse(payload) as MailMessage, id));
      const answer = await deliver(row.payload, row.id, row.lead_id);
      const unsent = typeof answer === "string" ? { status: answer } : answer;
      const failed = unsent?.status === "failed";
      await db
        .updateTable("outbox")
        .set({
          status: unsent?.status ?? "sent",
          ...(unsent && "outcome" in unsent ? { outcome: unsent.outcome } : {}),
          ...(KINDS_WITH_SECRETS.has(row.kind) ? { payload: DROPPED_PAYLOAD } : {}),
          sent_at: unsent ? null : now().toISOString(),
          attempts: unsent && !failed ? row.attempts : row.attempts + 1,
          last_error: (unsent && "error" in unsent && unsent.error) || null,
          claimed_by: null,
          claimed_until: null,
        })
        .where("id", "=", row.id)
        .execute();
      log.info(
        { outboxId: row.id, kind: row.kind, channel },
        unsent ? `not sent: ${unsent.status}` : "delivered",
      );
    } catch (error) {
      const attempts = row.attempts + 1;
      const failed = attempts >= maxAttempts;
      // Stored for staff (`npm run leads -- outbox`) and logged; either way without addresses.
      const lastError = safeError(error);
      await db
        .updateTable("outbox")
        .set({
          status: failed ? "failed" : "pending",
          ...(failed && KINDS_WITH_SECRETS.has(row.kind) ? { payload: DROPPED_PAYLOAD } : {}),
          attempts,
          last_error: lastError,
          next_attempt_at: new Date(
            now().getTime() + retryDelayMs(attempts, retryBaseMs, maxRetryDelayMs),
          ).toISOString(),
          claimed_by: null,
          claimed_until: null,
        })
        .where("id", "=", row.id)
        .execute();
      (failed ? log.error : log.warn)(
        { outboxId: row.id, kind: row.kind, attempts, err: lastError },
        failed ? "delivery failed for good" : "delivery failed, will retry",
      );
    }
  }

  function dueRows(at: Date) {
    return db
      .selectFrom("outbox")
      .select(["id", "kind", "lead_id", "payload", "attempts"])
      .where("status", "=", "pending")
      .where("next_attempt_at", "<=", at.toISOString())
      .where((eb) =>
        eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", at.toISOString())]),
      )
      .orderBy("next_attempt_at");
  }

  /**
   * How many of a rate-limited kind this run may send: what this instance's bucket has earned
   * since its last run (so copies go out evenly, not in bursts), and never more than the rate
   * minus what every instance sent, or is sending, in the last minute.
   */
  async function allowance(kind: OutboxKind, limit: number, at: Date): Promise<number> {
    const bucket = (buckets[kind] ??= { tokens: (limit * pollMs) / 60_000, at: at.getTime() });
    bucket.tokens = Math.min(
      BATCH_SIZE,
      bucket.tokens + (limit * (at.getTime() - bucket.at)) / 60_000,
    );
    bucket.at = at.getTime();
    const since = new Date(at.getTime() - 60_000).toISOString();
    const recent = await db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("kind", "=", kind)
      .where((eb) =>
        eb.or([
          eb("sent_at", ">=", since),
          eb.and([eb("status", "=", "pending"), eb("claimed_until", ">", at.toISOString())]),
        ]),
      )
      .executeTakeFirstOrThrow();
    return Math.max(0, Math.min(Math.floor(bucket.tokens), limit - Number(recent.n)));
  }

  async function sendDue(): Promise<{ attempted: number; throttled: boolean }> {
    const at = now();
    for (const task of options.tasks ?? []) await task(at);
    const limited = Object.keys(perMinute) as OutboxKind[];
    const due = await (limited.length ? dueRows(at).where("kind", "not in", limited) : dueRows(at))
      .limit(BATCH_SIZE)
      .execute();
    let throttled = false;
    for (const kind of limited) {
      const limit = perMinute[kind] as number;
      const waiting = await dueRows(at).where("kind", "=", kind).limit(BATCH_SIZE).execute();
      if (!waiting.length) continue;
      const allowed = await allowance(kind, limit, at);
      if (allowed < waiting.length) throttled = true;
      due.push(...waiting.slice(0, allowed));
      buckets[kind]!.tokens -= Math.min(allowed, waiting.length);
    }
    let attempted = 0;
    let next = 0;
    // A few sends in flight at once: a mail server's answer takes tens of milliseconds, which
    // one send at a time would make the ceiling of every rate.
    const sender = async () => {
      while (next < due.length) {
        const row = due[next++] as DueRow;
        // Claimed at the time of the claim, not of the run: a long run must not hand out leases
        // that have already lapsed, which another instance could take at the same time.
        if (!(await claim(row.id, now()))) continue; // another instance has it
        attempted += 1;
        await deliver(row);
      }
    };
    await Promise.all(Array.from({ length: SENDS_IN_FLIGHT }, sender));
    return { attempted, throttled };
  }

  function runOnce(): Promise<{ attempted: number; throttled: boolean }> {
    // One run at a time per instance; a wake during a run is served by the next run.
    running ??= sendDue()
      .catch((error: unknown) => {
        log.error({ err: safeError(error) }, "outbox run failed");
        return { attempted: 0, throttled: false };
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  let nextRunAt = Infinity;
  function schedule(delay: number) {
    if (stopped) return;
    clearTimeout(timer);
    nextRunAt = Date.now() + delay;
    timer = setTimeout(async () => {
      nextRunAt = Infinity;
      const { attempted, throttled } = await runOnce();
      // A full batch means more is waiting: carry on at once instead of waiting for the poll.
      // Copies held back by their rate go on as soon as the next one is earned.
      schedule(attempted >= BATCH_SIZE ? 0 : throttled ? throttledDelayMs() : pollMs);
    }, delay);
    timer.unref?.();
  }

  /** How soon a run earns the next copy of the slowest limited kind; not busier than 4 runs/s. */
  function throttledDelayMs(): number {
    const slowest = Math.min(...Object.values(perMinute));
    return Math.min(pollMs, Math.max(250, Math.ceil(60_000 / slowest)));
  }

  return {
    runOnce: async () => (await runOnce()).attempted,
    // Under a burst of leads, many wakes fold into one run shortly after, so the worker does not
    // compete with every single request for the database.
    wake: () => {
      if (nextRunAt > Date.now() + WAKE_DELAY_MS) schedule(WAKE_DELAY_MS);
    },
    start() {
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
