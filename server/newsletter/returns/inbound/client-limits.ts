import type { SMTPServerSession } from "smtp-server";
import { rateLimitKey } from "../../../security/client-key";

/**
 * How much of the inbound listener one client may take. Mail servers that return our mail open
 * a connection or two and send a few messages; one client holding every connection, or sending
 * without end, would keep the real ones out. docs/mail-deliverability.md, "Limits per client".
 */

/** Connections the listener holds at once, from everyone (smtp-server's maxClients). */
export const INBOUND_MAX_CLIENTS = 50;
/** Connections one client may hold at once; the next is refused with 421 at connect. */
export const CONNECTIONS_PER_ADDRESS = 5;
/** Messages one connection may send; each further MAIL FROM is answered 451. */
export const MESSAGES_PER_CONNECTION = 20;
/** Messages one client may start in a minute (MAIL FROM), over all its connections. */
export const MESSAGES_PER_MINUTE_PER_ADDRESS = 60;
const MINUTE_MS = 60_000;

/** An SMTP refusal with its reply code, which smtp-server sends as the answer. */
export function smtpRefusal(code: number, text: string): Error {
  return Object.assign(new Error(text), { responseCode: code });
}

type Session = Pick<SMTPServerSession, "id" | "remoteAddress" | "transaction">;

/**
 * The per-client counts behind the limits: open connections, and messages in the current
 * minute (a fixed window per client, forgotten once over). A client is what the HTTP rate limits
 * count (server/security/client-key.ts): an IPv4 address, an IPv6 /64, all of loopback as one.
 * A refused reply is temporary (4xx): a real mail server tries again later and loses nothing.
 */
export function clientLimits(
  now: () => number = Date.now,
  clientKey: (address: string) => string = rateLimitKey,
) {
  const open = new Map<string, number>();
  /** The sessions counted in `open`: onClose also comes for connections refused at connect. */
  const counted = new Set<string>();
  const minutes = new Map<string, { start: number; messages: number }>();

  return {
    /** At connect: an error to refuse the connection with, or undefined to greet it. */
    connect(session: Session): Error | undefined {
      const client = clientKey(session.remoteAddress);
      const held = open.get(client) ?? 0;
      if (held >= CONNECTIONS_PER_ADDRESS)
        return smtpRefusal(421, "4.7.0 Too many connections from your address, try later");
      open.set(client, held + 1);
      counted.add(session.id);
      return undefined;
    },
    close(session: Session): void {
      if (!counted.delete(session.id)) return;
      const client = clientKey(session.remoteAddress);
      const held = (open.get(client) ?? 1) - 1;
      if (held > 0) open.set(client, held);
      else open.delete(client);
    },
    /** At MAIL FROM: an error to refuse the message with, or undefined to go on. */
    mailFrom(session: Session): Error | undefined {
      if (session.transaction > MESSAGES_PER_CONNECTION)
        return smtpRefusal(
          451,
          `4.7.1 At most ${MESSAGES_PER_CONNECTION} messages per connection; reconnect later`,
        );
      const at = now();
      // Windows that are over are dropped as they are met, so the map holds recent senders only.
      if (minutes.size > 1000) {
        for (const [client, window] of minutes)
          if (at - window.start >= MINUTE_MS) minutes.delete(client);
      }
      const client = clientKey(session.remoteAddress);
      let window = minutes.get(client);
      if (!window || at - window.start >= MINUTE_MS) {
        window = { start: at, messages: 0 };
        minutes.set(client, window);
      }
      if (window.messages >= MESSAGES_PER_MINUTE_PER_ADDRESS)
        return smtpRefusal(
          451,
          `4.7.1 Too many messages from your address (at most ${MESSAGES_PER_MINUTE_PER_ADDRESS} a minute); try again later`,
        );
      window.messages++;
      return undefined;
    },
  };
}
