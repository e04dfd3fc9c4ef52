import { createPrivateKey } from "node:crypto";
import { readFileSync } from "node:fs";
import { isIP } from "node:net";
import { z } from "zod";
import { typedSecretProblem } from "./secret-strength";

/**
 * The environment's settings for mail that mailbox providers accept: the DKIM key, the inbound
 * domain that bounces and complaints come back to, and the providers' webhooks. Part of
 * config.ts (still the only reader of process.env), kept apart to keep each module small; what
 * each is for: docs/mail-deliverability.md.
 */
const optional = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

/** A domain name of the DNS (letters, digits and hyphens; IDNs as their xn-- form). */
export const DOMAIN_NAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

const domainName = optional.pipe(
  z
    .string()
    .regex(DOMAIN_NAME, "must be a domain name, e.g. example.com")
    .transform((value) => value.toLowerCase())
    .optional(),
);

/**
 * A secret of at least `minLength` characters that was not made by hand (secret-strength.ts):
 * the return path's HMAC key forges bounces if guessed; Postmark's password lets anyone report
 * a bounce that suppresses a subscriber.
 */
function strongSecret(minLength: number) {
  return z
    .string()
    .superRefine((value, ctx) => {
      const problem = typedSecretProblem(value, minLength);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .optional();
}

export const DeliverabilityEnv = {
  /** DKIM: the signing domain, the selector, and the PEM private key (RSA 2048+ or Ed25519). */
  DKIM_DOMAIN: domainName,
  DKIM_SELECTOR: optional.pipe(
    z
      .string()
      .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i, "must be one DNS label, e.g. mail2026")
      .optional(),
  ),
  DKIM_PRIVATE_KEY_FILE: optional,
  /** Bounces and complaints come back to bounce+<tag>@ this domain; the tag's HMAC key. */
  INBOUND_MAIL_DOMAIN: domainName,
  INBOUND_MAIL_SECRET: optional.pipe(strongSecret(32)),
  /** The inbound SMTP listener; unset: no listener. Its host defaults to HOST. */
  INBOUND_SMTP_PORT: optional.pipe(
    z.coerce.number<string | undefined>().int().min(0).max(65535).optional(),
  ),
  INBOUND_SMTP_HOST: optional,
  /** A DNS resolver for the sending-domain check, as an IP (and optionally :port). */
  DNS_SERVER: optional.pipe(
    z
      .string()
      .refine(
        dnsServerOk,
        "must be an IP address, optionally with :port (e.g. 1.1.1.1 or 127.0.0.1:5353)",
      )
      .optional(),
  ),
  /**
   * The SNS topics SES publishes our bounces and complaints to, comma-separated ARNs. Anyone can
   * make an SNS topic and have SNS sign its messages, so only these are confirmed and read.
   */
  SES_SNS_TOPIC_ARNS: optional.pipe(
    z
      .string()
      .transform((value) =>
        value
          .split(",")
          .map((arn) => arn.trim())
          .filter(Boolean),
      )
      .refine(
        (arns) =>
          arns.every((arn) => /^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[\w-]{1,256}$/.test(arn)),
        "must be SNS topic ARNs separated by commas, e.g. arn:aws:sns:eu-west-1:123456789012:ses-returns",
      )
      .optional(),
  ),
  /** Postmark's webhooks authenticate with basic auth: these are the user and password set there. */
  POSTMARK_WEBHOOK_USER: optional,
  POSTMARK_WEBHOOK_PASSWORD: optional.pipe(strongSecret(16)),
};

type Env = { [K in keyof typeof DeliverabilityEnv]?: z.infer<(typeof DeliverabilityEnv)[K]> };

export interface DkimConfig {
  domain: string;
  selector: string;
  /** The private key, PEM. */
  privateKey: string;
  keyType: "rsa" | "ed25519";
}

export interface DeliverabilityConfig {
  /** Absent: mail goes out unsigned. */
  dkim?: DkimConfig;
  /** Absent: no return path of our own, no listener; bounces go to MAIL_FROM's domain. */
  inbound?: { domain: string; secret: string; smtp?: { host: string; port: number } };
  /** `ip` or `ip:port`; absent: the system's resolvers. */
  dnsServer?: string;
  /** Absent: POST /api/mail/events/ses answers 404. */
  sesTopicArns?: string[];
  /** Absent: POST /api/mail/events/postmark answers 404. */
  postmark?: { user: string; password: string };
}

function dnsServerOk(value: string): boolean {
  if (isIP(value)) return true;
  const match = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(value);
  return !!match && isIP(match[1] as string) !== 0 && Number(match[2]) <= 65535;
}

/** Problems that span several variables, reported with the variable to fix. */
export function deliverabilityProblems(env: Env): Array<{ path: string; message: string }> {
  const problems: Array<{ path: string; message: string }> = [];
  const dkim = [env.DKIM_DOMAIN, env.DKIM_SELECTOR, env.DKIM_PRIVATE_KEY_FILE];
  if (dkim.some(Boolean) && !dkim.every(Boolean)) {
    for (const [name, value] of [
      ["DKIM_DOMAIN", env.DKIM_DOMAIN],
      ["DKIM_SELECTOR", env.DKIM_SELECTOR],
      ["DKIM_PRIVATE_KEY_FILE", env.DKIM_PRIVATE_KEY_FILE],
    ] as const) {
      if (!value)
        problems.push({ path: name, message: "is required with the other DKIM_ settings" });
    }
  }
  if (env.DKIM_PRIVATE_KEY_FILE) {
    const problem = dkimKeyProblem(env.DKIM_PRIVATE_KEY_FILE);
    if (problem) problems.push({ path: "DKIM_PRIVATE_KEY_FILE", message: problem });
  }
  if (env.INBOUND_MAIL_DOMAIN && !env.INBOUND_MAIL_SECRET) {
    problems.push({
      path: "INBOUND_MAIL_SECRET",
      message: "is required with INBOUND_MAIL_DOMAIN: it signs the return addresses",
    });
  }
  if (env.INBOUND_SMTP_PORT !== undefined && !env.INBOUND_MAIL_DOMAIN) {
    problems.push({
      path: "INBOUND_MAIL_DOMAIN",
      message: "is required with INBOUND_SMTP_PORT: the listener accepts mail for it only",
    });
  }
  if (!!env.POSTMARK_WEBHOOK_USER !== !!env.POSTMARK_WEBHOOK_PASSWORD) {
    problems.push({
      path: env.POSTMARK_WEBHOOK_USER ? "POSTMARK_WEBHOOK_PASSWORD" : "POSTMARK_WEBHOOK_USER",
      message: "is required with the other POSTMARK_WEBHOOK_ setting",
    });
  }
  return problems;
}

function readKey(file: string): { pem: string; type: DkimConfig["keyType"] } | string {
  let pem: string;
  try {
    pem = readFileSync(file, "utf8");
  } catch (error) {
    return `cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"}): ${file}`;
  }
  try {
    const key = createPrivateKey(pem);
    // Ed25519 (RFC 8463) is taken as it is; RSA needs 2048 bits, as receivers now require.
    if (key.asymmetricKeyType === "ed25519") return { pem, type: "ed25519" };
    if (key.asymmetricKeyType === "rsa") {
      const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
      if (bits < 2048) return `holds an RSA key of ${bits} bits; DKIM needs at least 2048`;
      return { pem, type: "rsa" };
    }
    return `holds a ${key.asymmetricKeyType} key; DKIM signs with RSA or Ed25519`;
  } catch {
    return "is not a PEM private key; make one with `npm run mail -- dkim-key`";
  }
}

function dkimKeyProblem(file: string): string | undefined {
  const key = readKey(file);
  return typeof key === "string" ? key : undefined;
}

/** The settings, from an environment that passed the schema and deliverabilityProblems(). */
export function deliverabilityConfig(env: Env, host: string): DeliverabilityConfig {
  const key = env.DKIM_PRIVATE_KEY_FILE ? readKey(env.DKIM_PRIVATE_KEY_FILE) : undefined;
  return {
    dkim:
      env.DKIM_DOMAIN && env.DKIM_SELECTOR && key && typeof key !== "string"
        ? {
            domain: env.DKIM_DOMAIN,
            selector: env.DKIM_SELECTOR,
            privateKey: key.pem,
            keyType: key.type,
          }
        : undefined,
    inbound:
      env.INBOUND_MAIL_DOMAIN && env.INBOUND_MAIL_SECRET
        ? {
            domain: env.INBOUND_MAIL_DOMAIN,
            secret: env.INBOUND_MAIL_SECRET,
            smtp:
              env.INBOUND_SMTP_PORT === undefined
                ? undefined
                : { host: env.INBOUND_SMTP_HOST ?? host, port: env.INBOUND_SMTP_PORT },
          }
        : undefined,
    dnsServer: env.DNS_SERVER,
    sesTopicArns: env.SES_SNS_TOPIC_ARNS,
    postmark:
      env.POSTMARK_WEBHOOK_USER && env.POSTMARK_WEBHOOK_PASSWORD
        ? { user: env.POSTMARK_WEBHOOK_USER, password: env.POSTMARK_WEBHOOK_PASSWORD }
        : undefined,
  };
}
