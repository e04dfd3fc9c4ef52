import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { MailConfig } from "../config";
import type { MailMessage } from "./message";

/** Sends one message; throws when the message was not accepted (the outbox retries). */
export interface MailTransport {
  name: string;
  send(message: MailMessage, id: string): Promise<void>;
  close(): void;
}

function nodemailerMessage(message: MailMessage, from: string, id: string) {
  return {
    from,
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
    // Stable per outbox row, so a retried message keeps its identity.
    messageId: `<${id}@${from.replace(/^.*@/, "").replace(/>$/, "")}>`,
  };
}

/**
 * Zero-config default: each message becomes an .eml file under DATA_DIR/mail/, named by its
 * outbox id. A message sent again (after a crash between writing it and marking it sent) writes
 * the same file again, as a mail server would recognise it by its Message-ID.
 */
function fileTransport(dir: string, from: string): MailTransport {
  const composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    name: "file",
    async send(message, id) {
      const info = await composer.sendMail(nodemailerMessage(message, from, id));
      await mkdir(dir, { recursive: true });
      // Written whole under another name, then renamed: a reader never sees half a message.
      const file = path.join(dir, `${id}.eml`);
      await writeFile(`${file}.part`, info.message as Buffer);
      await rename(`${file}.part`, file);
    },
    close: () => composer.close(),
  };
}

function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url, {
    // Connections are kept and reused: a campaign's copies do not each open a new one.
    pool: true,
    // A mail server that hangs must not hold the outbox: give up and retry later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as nodemailer.TransportOptions);
  return {
    name: "smtp",
    async send(message, id) {
      await transporter.sendMail(nodemailerMessage(message, from, id));
    },
    close: () => transporter.close(),
  };
}

/**
 * EmailJS's REST API, called from the server with the private access token: nothing of it
 * reaches the browser. The template receives the message's params plus to_email, reply_to,
 * subject and message.
 */
function emailJsTransport(config: Extract<MailConfig, { transport: "emailjs" }>): MailTransport {
  return {
    name: "emailjs",
    async send(message) {
      const response = await fetch(config.apiUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          service_id: config.serviceId,
          template_id: config.templateId,
          user_id: config.publicKey,
          accessToken: config.privateKey,
          template_params: {
            to_email: message.to,
            reply_to: message.replyTo ?? "",
            subject: message.subject,
            message: message.text,
            ...message.params,
          },
        }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) {
        const detail = (await response.text().catch(() => "")).slice(0, 200);
        throw new Error(`EmailJS answered ${response.status}${detail ? `: ${detail}` : ""}`);
      }
    },
    close: () => {},
  };
}

export function createTransport(config: MailConfig, from: string): MailTransport {
  switch (config.transport) {
    case "file":
      return fileTransport(config.dir, from);
    case "smtp":
      return smtpTransport(config.url, from);
    case "emailjs":
      return emailJsTransport(config);
  }
}
