import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import nodemailer from "nodemailer";
import { parseConnectionUrl } from "nodemailer/lib/shared/index.js";
import type SMTPPool from "nodemailer/lib/smtp-pool/index.js";
import type { MailConfig } from "../config";
import type { DkimConfig } from "../config-deliverability";
import { dkimSignature } from "./dkim";
import type { MailMessage } from "./message";

/** Sends one message; throws when the message was not accepted (the outbox retries). */
export interface MailTransport {
  name: string;
  send(message: MailMessage, id: string): Promise<void>;
  close(): void;
}

/** MAIL_FROM's address alone, whether it is written `Name <address>` or bare. */
export function fromAddress(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}

function nodemailerMessage(message: MailMessage, from: string, id: string) {
  return {
    // nodemailer quotes and encodes the display name as the header needs.
    from: message.fromName ? { name: message.fromName, address: fromAddress(from) } : from,
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
    // Stable per outbox row, so a retried message keeps its identity.
    messageId: `<${id}@${from.replace(/^.*@/, "").replace(/>$/, "")}>`,
    // Subscriber mail's bounces go to its return address; the rest keep the From address.
    envelope: message.envelopeFrom ? { from: message.envelopeFrom, to: message.to } : undefined,
  };
}

/** A message as it goes out: who the server gives it to, and its bytes, signed if there is a key. */
interface ComposedMessage {
  envelope: { from: string; to: string[] };
  raw: Buffer;
}

/**
 * nodemailer composes each message (headers, MIME, encodings) into bytes; with a key, its
 * DKIM-Signature goes on top. One path for both key types: the file and SMTP transports send
 * exactly what was signed.
 */
function messageComposer(from: string, dkim: DkimConfig | undefined, newline: "unix" | "windows") {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline });
  return {
    async compose(message: MailMessage, id: string): Promise<ComposedMessage> {
      const info = await composer.sendMail(nodemailerMessage(message, from, id));
      const raw = info.message as Buffer;
      const envelope = { from: info.envelope.from || "", to: info.envelope.to };
      if (!dkim) return { envelope, raw };
      const signature = await dkimSignature(dkim, raw, newline === "unix" ? "\n" : "\r\n");
      return { envelope, raw: Buffer.concat([Buffer.from(signature), raw]) };
    },
    close: () => composer.close(),
  };
}

/**
 * Zero-config default: each message becomes an .eml file under DATA_DIR/mail/, named by its
 * outbox id. A message sent again (after a crash between writing it and marking it sent) writes
 * the same file again, as a mail server would recognise it by its Message-ID. The name is also
 * how an erasure finds the files of the messages it erases (deleteMailFiles).
 */
function fileTransport(dir: string, from: string, dkim?: DkimConfig): MailTransport {
  const composer = messageComposer(from, dkim, "unix");
  return {
    name: "file",
    async send(message, id) {
      const { raw } = await composer.compose(message, id);
      await mkdir(dir, { recursive: true });
      // Written whole under another name, then renamed: a reader never sees half a message.
      const file = mailFile(dir, id);
      // The envelope sender goes on top as Return-Path, as the receiving server writes it on
      // final delivery: whoever reads the file sees where this message's bounces would go.
      const returnPath = message.envelopeFrom ? `Return-Path: <${message.envelopeFrom}>\n` : "";
      await writeFile(`${file}.part`, Buffer.concat([Buffer.from(returnPath), raw]));
      await rename(`${file}.part`, file);
    },
    close: () => composer.close(),
  };
}

function mailFile(dir: string, id: string): string {
  // Outbox ids are UUIDs, and a campaign copy's is two joined by a dot (campaign.subscription);
  // nothing else may become a path, least of all one with ".." or a separator in it.
  if (!/^[\w-]+(\.[\w-]+)*$/.test(id)) throw new Error("not an outbox id");
  return path.join(dir, `${id}.eml`);
}

/**
 * Deletes the files the file transport wrote of these outbox messages, half-written ones too:
 * an erasure (server/people/erasure.ts) leaves no copy of the mail to or about the person. The
 * files are found by name, not by searching them for the address: a message's headers and body
 * may hold it only encoded (quoted-printable, base64, RFC 2047), and every file would be read
 * for each erasure. Missing files are fine (never sent, or sent by another transport); any other
 * failure throws, so the erasure does not claim to be done. The other transports keep no copy.
 */
export async function deleteMailFiles(config: MailConfig, ids: readonly string[]): Promise<void> {
  if (config.transport !== "file") return;
  for (const id of ids) {
    const file = mailFile(config.dir, id);
    await rm(file, { force: true });
    await rm(`${file}.part`, { force: true });
  }
}

/** How long opening a connection to the mail server may take. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Opens the mail server connection for nodemailer's pool, with Nagle's algorithm off. With it on,
 * the last small write of every message waited for the server's delayed acknowledgement (about
 * 40 ms), which capped each connection at some 20 messages a second. TLS (smtps or STARTTLS)
 * is still nodemailer's, over this socket.
 */
function connectWithoutDelay(
  options: { host?: string; port?: number; secure?: boolean },
  callback: (error: Error | null, socket?: { connection: net.Socket }) => void,
) {
  const socket = net.connect({
    host: options.host ?? "localhost",
    port: options.port ?? (options.secure ? 465 : 587),
    noDelay: true,
  });
  const fail = (error: Error) => {
    clearTimeout(timer);
    socket.destroy();
    callback(error);
  };
  const timer = setTimeout(
    () => fail(new Error("connection to the mail server timed out")),
    CONNECT_TIMEOUT_MS,
  );
  socket.once("error", fail);
  socket.once("connect", () => {
    clearTimeout(timer);
    socket.off("error", fail);
    callback(null, { connection: socket });
  });
}

function smtpTransport(url: string, from: string, dkim?: DkimConfig): MailTransport {
  // The options go in one object with the URL's: nodemailer reads nothing else when it is given
  // a URL alone.
  const transporter = nodemailer.createTransport({
    ...parseConnectionUrl(url),
    // Connections are kept and reused: a campaign's copies do not each open a new one.
    pool: true,
    getSocket: connectWithoutDelay,
    // A mail server that hangs must not hold the outbox: give up and retry later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as SMTPPool.Options);
  const composer = messageComposer(from, dkim, "windows");
  return {
    name: "smtp",
    async send(message, id) {
      // Sent as composed: the envelope (MAIL FROM, RCPT TO) is the one nodemailer worked out.
      const { envelope, raw } = await composer.compose(message, id);
      await transporter.sendMail({ envelope, raw });
    },
    close: () => {
      composer.close();
      transporter.close();
    },
  };
}

/**
 * EmailJS's REST API, called from the server with the private access token: nothing of it
 * reaches the browser. The template receives the message's params plus to_email, reply_to,
 * subject and message. EmailJS composes and sends the message itself, so it is neither signed
 * with our key nor given our envelope sender (docs/mail-deliverability.md).
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

/** `dkim`: the key the file and SMTP transports sign with (config.deliverability.dkim). */
export function createTransport(
  config: MailConfig,
  from: string,
  dkim?: DkimConfig,
): MailTransport {
  switch (config.transport) {
    case "file":
      return fileTransport(config.dir, from, dkim);
    case "smtp":
      return smtpTransport(config.url, from, dkim);
    case "emailjs":
      return emailJsTransport(config);
  }
}
