import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerDataStream } from "smtp-server";
import type { DB } from "../../../db/database";
import { safeError } from "../../../privacy/log-safety";
import { type ReturnTag, readReturnAddress } from "../return-path";
import { isReplyAddress, readReplyAddress } from "../../../leads/replies/reply-address";
import { recordInboundReply } from "../../../leads/replies/inbound-reply";
import { type ReturnEffects, type ReturnedMail, recordReturnedMails } from "../returns";
import { INBOUND_MAX_CLIENTS, clientLimits, smtpRefusal as refusal } from "./client-limits";
import { readReturnedMessage } from "./read-report";

/** The largest returned message accepted: a DSN with the original's headers fits many times. */
export const INBOUND_SIZE_LIMIT = 1024 * 1024;
/**
 * Return paths one message may be addressed to. A bounce or abuse report goes to the one return
 * path of the message it is about; each return path a message is recorded for keeps its own
 * copy of an unclassified message, so without a bound one message could be stored many times.
 */
export const RECIPIENTS_PER_MESSAGE = 5;

export interface InboundListenerOptions {
  db: DB;
  /** What a return sets off (mail/deliveries.ts): a complainant's alerts, the brake's. */
  effects: ReturnEffects;
  inbound: { domain: string; secret: string };
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  log: {
    info: (obj: object, msg: string) => void;
    warn: (obj: object, msg: string) => void;
  };
  now?: () => Date;
  /**
   * Which client a connection counts against (client-limits.ts); by default the HTTP rate
   * limits' key, which makes all of loopback one client. Tests that play two clients on one
   * machine tell loopback addresses apart with it.
   */
  clientKey?: (address: string) => string;
}

export interface InboundListener {
  port: number;
  close: () => Promise<void>;
}

/**
 * The inbound SMTP listener: mail servers send their bounces and abuse reports for subscriber
 * mail here, to the return path bounce+<tag>@INBOUND_MAIL_DOMAIN, and customers their answers
 * to a reply from the console, to its Reply-To reply+<tag>@INBOUND_MAIL_DOMAIN (handled by
 * server/leads/replies/inbound-reply.ts). It accepts a recipient only when its tag verifies (so
 * it is no open relay and nobody can make up an address it takes), reads each message
 * (read-report.ts) and answers 250 only once what it says is stored: a
 * database failure answers 451, and the sender tries again later. No AUTH: anyone may send us
 * a bounce; no STARTTLS (docs/mail-deliverability.md says why). One client address may hold
 * only a few connections and send only so many messages (client-limits.ts), so a client that
 * floods it leaves room for the mail servers that really return our mail.
 */
export async function startInboundListener(
  options: InboundListenerOptions,
): Promise<InboundListener> {
  const { db, inbound, log, effects, now = () => new Date() } = options;
  const limits = clientLimits(Date.now, options.clientKey);
  const server = new SMTPServer({
    name: inbound.domain,
    banner: "bounces, complaints and answers to sales only",
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    size: INBOUND_SIZE_LIMIT,
    maxClients: INBOUND_MAX_CLIENTS,
    logger: false,
    onConnect(session, callback) {
      const refused = limits.connect(session);
      if (refused) log.warn({ limit: "connections" }, "inbound SMTP client over its limit");
      callback(refused);
    },
    onClose(session) {
      limits.close(session);
    },
    onMailFrom(_address, session, callback) {
      const refused = limits.mailFrom(session);
      if (refused) log.warn({ limit: "messages" }, "inbound SMTP client over its limit");
      callback(refused);
    },
    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= RECIPIENTS_PER_MESSAGE)
        return callback(refusal(452, "4.5.3 Too many recipients; send the rest separately"));
      if (readReturnAddress(inbound, address.address) || readReplyAddress(inbound, address.address))
        return callback();
      const reply = isReplyAddress(inbound.domain, address.address);
      callback(refusal(550, `5.1.1 No such ${reply ? "reply" : "return"} address here`));
    },
    onData(stream, session, callback) {
      const addresses = session.envelope.rcptTo.map((rcpt) => rcpt.address);
      const tags = addresses
        .map((address) => readReturnAddress(inbound, address))
        .filter((tag): tag is ReturnTag => !!tag);
      const leads = addresses
        .map((address) => readReplyAddress(inbound, address))
        .filter((lead): lead is string => !!lead);
      readMessage(stream)
        .then(async (message) => {
          if (!message)
            return callback(refusal(552, `5.3.4 Message larger than ${INBOUND_SIZE_LIMIT} bytes`));
          if (tags.length) await recordMessage(message, tags);
          if (leads.length) await recordInboundReply(db, message, leads, now(), log);
          callback();
        })
        .catch((error: unknown) => {
          log.warn({ err: safeError(error) }, "returned mail not stored; sender told to retry");
          callback(refusal(451, "4.3.0 Cannot store the message now; try again later"));
        });
    },
  });

  async function recordMessage(message: Buffer, tags: ReturnTag[]) {
    const returns = await readReturnedMessage(message, now());
    const mails: ReturnedMail[] = tags.flatMap((tag) =>
      returns.map((mail) => ({
        ...mail,
        source: "smtp" as const,
        // A report sent to several return paths at once is recorded once for each of them.
        sourceRef:
          tags.length > 1 && mail.sourceRef
            ? `${mail.sourceRef} ${tag.subscriptionId}`
            : mail.sourceRef,
        tag,
      })),
    );
    // All of one message's events together: a few transactions, not one per event.
    const ids = await recordReturnedMails(db, mails, effects);
    mails.forEach((mail, i) =>
      log.info({ type: mail.type, status: mail.status, repeat: ids[i] === null }, "returned mail"),
    );
  }

  // A client that drops its connection is its own problem, not the listener's.
  server.on("error", (error) => log.warn({ err: safeError(error) }, "inbound SMTP error"));
  server.listen(options.port, options.host);
  await once(server.server, "listening");
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The whole message, or undefined when it went over the size limit (smtp-server flags it). */
async function readMessage(stream: SMTPServerDataStream): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (length < INBOUND_SIZE_LIMIT) chunks.push(chunk);
    length += chunk.length;
  }
  return stream.sizeExceeded ? undefined : Buffer.concat(chunks);
}
