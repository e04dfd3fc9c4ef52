/** For tests: a real mail server on loopback, so that mail goes out over SMTP as in production. */
import { once } from "node:events";
import type { AddressInfo, Socket } from "node:net";
import { SMTPServer } from "smtp-server";

/** One message as the test server took it: the envelope, the message as sent, when it took it. */
export interface ReceivedMail {
  mailFrom: string;
  to: string[];
  /** Its Message-ID header ("" without one): how a receiver tells a copy sent again. */
  messageId: string;
  raw: string;
  at: number;
}

export interface TestSmtpOptions {
  /** The port to listen on; 0 (the default) for any free one. */
  port?: number;
  /** How long it takes to accept a message once sent (a slow server). */
  delayMs?: number;
  /** The reason to refuse a recipient at RCPT with 550, or undefined to accept it. */
  refuse?: (address: string) => string | undefined;
}

/**
 * A mail server that keeps every message it accepts in `received`, in order. Without Nagle's
 * delay, as a real server answers; `close()` resolves once it has stopped listening.
 */
export async function testSmtp({ port = 0, delayMs = 0, refuse }: TestSmtpOptions = {}) {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const reason = refuse?.(address.address);
      if (reason === undefined) return callback();
      callback(Object.assign(new Error(reason), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () =>
        setTimeout(() => {
          const { mailFrom, rcptTo } = session.envelope;
          const raw = Buffer.concat(chunks).toString("utf8");
          const head = raw.slice(0, raw.indexOf("\r\n\r\n"));
          received.push({
            mailFrom: mailFrom ? mailFrom.address : "",
            to: rcptTo.map((to) => to.address),
            messageId: /^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? "",
            raw,
            at: Date.now(),
          });
          callback();
        }, delayMs),
      );
    },
  });
  // A client killed mid-message ends its connection with a reset: expected, not a failure.
  smtp.on("error", () => {});
  smtp.server.on("connection", (socket: Socket) => socket.setNoDelay(true));
  smtp.listen(port, "127.0.0.1");
  await once(smtp.server, "listening");
  return {
    received,
    port: (smtp.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

export type TestSmtp = Awaited<ReturnType<typeof testSmtp>>;
