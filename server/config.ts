import { isIP } from "node:net";
import path from "node:path";
import ipaddr from "ipaddr.js";
import { z } from "zod";
import { site } from "../common/site";
import { webhookSecretProblem } from "./secret-strength";
import {
  DOMAIN_NAME,
  type DeliverabilityConfig,
  DeliverabilityEnv,
  deliverabilityConfig,
  deliverabilityProblems,
} from "./config-deliverability";
import { type RetentionConfig, RetentionEnv, retentionPeriods } from "../common/retention";

/**
 * The environment, parsed once at start. This is the only module that reads process.env; the
 * rest of the server receives a Config. An invalid value stops the process with a message that
 * names the variable.
 */
const optionalString = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const EnvSchema = z
  .object({
    /** `production` makes missing settings that would only hurt there (PUBLIC_URL) fatal. */
    NODE_ENV: optionalString,
    HOST: z.string().min(1).default("0.0.0.0"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default("./data"),
    /** The prerendered site (output of `npm run build`). */
    SITE_DIR: z.string().min(1).default("./build/client"),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    /** Public origin of the site, for links in e-mails. Defaults to http://localhost:PORT. */
    PUBLIC_URL: optionalString,
    /** Extra origins allowed to call the API (comma-separated); the site's own always is. */
    ALLOWED_ORIGINS: z.string().default("").transform(extraOrigins),
    /** Set to use PostgreSQL; otherwise SQLite at DATA_DIR/leads.sqlite. */
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must start with postgres://")
        .optional(),
    ),
    MAIL_TRANSPORT: z.enum(["file", "smtp", "emailjs"]).default("file"),
    SMTP_URL: optionalString,
    MAIL_FROM: z
      .string()
      .min(3)
      .default(`${site.name} <no-reply@${new URL(site.url).hostname.replace(/^www\./, "")}>`),
    /** Where contact and demo notifications go. */
    SALES_EMAIL: z.email().default(site.emails.sales),
    EMAILJS_SERVICE_ID: optionalString,
    EMAILJS_TEMPLATE_ID: optionalString,
    EMAILJS_PUBLIC_KEY: optionalString,
    EMAILJS_PRIVATE_KEY: optionalString,
    EMAILJS_API_URL: z.url().default("https://api.emailjs.com/api/v1.0/email/send"),
    /** Form posts allowed per client and endpoint in each window; 0 switches the limit off. */
    RATE_LIMIT_MAX: z.coerce.number().int().min(0).default(10),
    RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
    /** Behind a reverse proxy or load balancer: trust X-Forwarded-* from it (see trustedProxies). */
    TRUST_PROXY: z.string().trim().default("false").transform(trustedProxies),
    OUTBOX_POLL_MS: z.coerce.number().int().positive().default(2_000),
    OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().positive().default(8),
    /** How long a message stays claimed by the instance sending it; a crashed instance's claims
     * lapse after this and another instance (or the restarted one) sends them. Keep it well
     * above the slowest send. */
    OUTBOX_LEASE_MS: z.coerce.number().int().min(1_000).default(300_000),
    /** Newsletter campaign copies sent per minute, all instances together (server/newsletter/). */
    NEWSLETTER_SEND_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
    /** Slack (or compatible) incoming webhook: a message per contact and demo request. */
    SLACK_WEBHOOK_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    /** A CRM's endpoint for signed webhooks (lead.created, subscriber.confirmed/unsubscribed)… */
    WEBHOOK_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    /** …and the secret they are signed with: `whsec_` and the base64 of random bytes. */
    WEBHOOK_SECRET: optionalString.pipe(
      z
        .string()
        .superRefine((value, ctx) => {
          const problem = webhookSecretProblem(value);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        })
        .optional(),
    ),
    /** A staff session ends after this long without a request… */
    STAFF_SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
    /** …and this long after sign-in, however active. */
    STAFF_SESSION_MAX_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(30 * 24)
      .default(12),
    /** Staff accounts are made only at these domains (comma-separated); unset: any address. */
    STAFF_EMAIL_DOMAINS: optionalString.pipe(
      z
        .string()
        .transform((value) =>
          value
            .split(",")
            .map((domain) => domain.trim().toLowerCase())
            .filter(Boolean),
        )
        .superRefine((domains, ctx) => {
          const wrong = domains.find((domain) => !DOMAIN_NAME.test(domain));
          if (wrong !== undefined) {
            const message = `"${wrong}" is not a domain name; list domains separated by commas, e.g. akwaabapay.com,akwaabapay.com.gh`;
            ctx.addIssue({ code: "custom", message });
          }
        })
        .optional(),
    ),
    ...DeliverabilityEnv,
    ...RetentionEnv,
  })
  .superRefine((env, ctx) => {
    for (const { path, message } of deliverabilityProblems(env)) {
      ctx.addIssue({ code: "custom", path: [path], message });
    }
    if (env.PUBLIC_URL) {
      const problem = publicUrlProblem(env.PUBLIC_URL);
      if (problem) ctx.addIssue({ code: "custom", path: ["PUBLIC_URL"], message: problem });
    } else if (env.NODE_ENV === "production" && !isLoopback(env.HOST)) {
      // The localhost default is right on a developer's machine, and for a production build
      // run on loopback only (benchmarks, browser tests); a server others can reach would
      // send its subscribers confirmation links they cannot open.
      ctx.addIssue({
        code: "custom",
        path: ["PUBLIC_URL"],
        message:
          "is required in production (NODE_ENV=production) when HOST is not loopback: e-mail " +
          `links would point at localhost. Set it to the site's public origin, e.g. ${site.url}`,
      });
    }
    if (env.WEBHOOK_URL && !env.WEBHOOK_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["WEBHOOK_SECRET"],
        message: "is required when WEBHOOK_URL is set: every webhook is signed with it",
      });
    }
    if (env.MAIL_TRANSPORT === "smtp" && !env.SMTP_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["SMTP_URL"],
        message: "is required when MAIL_TRANSPORT=smtp",
      });
    }
    if (env.MAIL_TRANSPORT === "emailjs") {
      for (const key of [
        "EMAILJS_SERVICE_ID",
        "EMAILJS_TEMPLATE_ID",
        "EMAILJS_PUBLIC_KEY",
        "EMAILJS_PRIVATE_KEY",
      ] as const) {
        if (!env[key])
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: "is required when MAIL_TRANSPORT=emailjs",
          });
      }
    }
  });

export type MailConfig =
  | { transport: "file"; dir: string }
  | { transport: "smtp"; url: string }
  | {
      transport: "emailjs";
      apiUrl: string;
      serviceId: string;
      templateId: string;
      publicKey: string;
      privateKey: string;
    };

export interface Config extends RetentionConfig {
  host: string;
  port: number;
  dataDir: string;
  siteDir: string;
  logLevel: z.infer<typeof EnvSchema>["LOG_LEVEL"];
  publicUrl: string;
  /** Origins whose pages may call the API, besides the host being served. */
  allowedOrigins: string[];
  databaseUrl?: string;
  mail: MailConfig;
  mailFrom: string;
  salesEmail: string;
  rateLimit: { max: number; windowMs: number };
  /** false, true (trust every hop) or the addresses/ranges of the proxies to trust. */
  trustProxy: boolean | string[];
  outbox: { pollMs: number; maxAttempts: number; leaseMs: number };
  /** Newsletter campaigns: copies sent per minute. */
  newsletter: { sendPerMinute: number };
  /** Staff console sessions: idle timeout and absolute lifetime. */
  staffSessions: { idleMinutes: number; maxHours: number };
  /** The domains a new staff account's address must be at (lower case); empty: any. */
  staffEmailDomains: readonly string[];
  /** Alerts sent through the outbox besides e-mail; an absent one is off (server/alerts/). */
  alerts: AlertsConfig;
  /** DKIM, the return path and what comes back (config-deliverability.ts). */
  deliverability: DeliverabilityConfig;
}

export interface AlertsConfig {
  slackUrl?: string;
  webhook?: { url: string; secret: string };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join(".")}: ${issue.message}`)
      .join("\n");
    throw new Error(`Invalid environment:\n${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const mail: MailConfig =
    e.MAIL_TRANSPORT === "smtp"
      ? { transport: "smtp", url: e.SMTP_URL ?? "" }
      : e.MAIL_TRANSPORT === "emailjs"
        ? {
            transport: "emailjs",
            apiUrl: e.EMAILJS_API_URL,
            serviceId: e.EMAILJS_SERVICE_ID ?? "",
            templateId: e.EMAILJS_TEMPLATE_ID ?? "",
            publicKey: e.EMAILJS_PUBLIC_KEY ?? "",
            privateKey: e.EMAILJS_PRIVATE_KEY ?? "",
          }
        : { transport: "file", dir: path.join(dataDir, "mail") };
  const publicUrl = e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : `http://localhost:${e.PORT}`;
  return {
    host: e.HOST,
    port: e.PORT,
    dataDir,
    siteDir: path.resolve(e.SITE_DIR),
    logLevel: e.LOG_LEVEL,
    publicUrl,
    allowedOrigins: [
      ...new Set([publicUrl, ...loopbackAliases(e.PUBLIC_URL, e.PORT), ...e.ALLOWED_ORIGINS]),
    ],
    databaseUrl: e.DATABASE_URL,
    mail,
    mailFrom: e.MAIL_FROM,
    salesEmail: e.SALES_EMAIL,
    rateLimit: { max: e.RATE_LIMIT_MAX, windowMs: e.RATE_LIMIT_WINDOW_MS },
    trustProxy: e.TRUST_PROXY,
    outbox: {
      pollMs: e.OUTBOX_POLL_MS,
      maxAttempts: e.OUTBOX_MAX_ATTEMPTS,
      leaseMs: e.OUTBOX_LEASE_MS,
    },
    newsletter: { sendPerMinute: e.NEWSLETTER_SEND_PER_MINUTE },
    staffSessions: {
      idleMinutes: e.STAFF_SESSION_IDLE_MINUTES,
      maxHours: e.STAFF_SESSION_MAX_HOURS,
    },
    staffEmailDomains: [...new Set(e.STAFF_EMAIL_DOMAINS ?? [])],
    alerts: {
      slackUrl: e.SLACK_WEBHOOK_URL,
      webhook:
        e.WEBHOOK_URL && e.WEBHOOK_SECRET
          ? { url: e.WEBHOOK_URL, secret: e.WEBHOOK_SECRET }
          : undefined,
    },
    deliverability: deliverabilityConfig(e, e.HOST),
    retention: retentionPeriods(e),
  };
}

/**
 * Why a PUBLIC_URL cannot be used, if it cannot. Links are built by appending a path to it, so it
 * must be an origin: a path, query or fragment would end up in the middle of every link, and
 * credentials would be shown to every recipient.
 */
function publicUrlProblem(value: string, what = "the site's origin"): string | undefined {
  const example = `e.g. ${site.url}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `must be a URL, ${example}`;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return `must start with https:// (or http://), ${example}`;
  if (url.username || url.password) return "must not contain a user name or password";
  if (url.pathname !== "/" || url.search || url.hash)
    return `must be ${what} only, without a path, query or fragment: ${url.origin}`;
  return undefined;
}

/**
 * ALLOWED_ORIGINS: origins as the browser sends them in Origin, so that the check compares
 * scheme, host and port exactly (security/origin.ts). Each is written one way (lower case,
 * default port and trailing slash left out); anything else, "*" or "null" included, is refused.
 */
function extraOrigins(value: string, ctx: z.RefinementCtx): string[] {
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const problem = publicUrlProblem(entry, "an origin");
    if (problem) ctx.addIssue({ code: "custom", message: `${entry}: ${problem}` });
  }
  return entries.map((entry) => (URL.canParse(entry) ? new URL(entry).origin : entry));
}

/**
 * Without PUBLIC_URL the site is a developer's copy on this machine, opened as localhost,
 * 127.0.0.1 or [::1] alike: each of those pages may post to it. A set PUBLIC_URL is exact.
 */
function loopbackAliases(publicUrl: string | undefined, port: number): string[] {
  if (publicUrl) return [];
  return [`http://127.0.0.1:${port}`, `http://[::1]:${port}`];
}

/** Whether HOST only listens on this machine: localhost, 127.0.0.0/8, ::1. */
export function isLoopback(host: string): boolean {
  if (host.toLowerCase() === "localhost") return true;
  return isIP(host) !== 0 && ipaddr.process(host).range() === "loopback";
}

/** The ranges proxy-addr knows by name. */
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * TRUST_PROXY: `false`, `true` (every hop is trusted, for a server only its proxy can reach), or
 * the proxies' addresses, comma-separated: IPs, CIDR ranges, or `loopback`, `linklocal`,
 * `uniquelocal`. Fastify ignores a hop count (it would let clients that reach the server
 * directly forge X-Forwarded-For), so one is refused rather than silently trusting nothing.
 */
function trustedProxies(value: string, ctx: z.RefinementCtx): boolean | string[] {
  if (value === "true") return true;
  if (value === "false" || value === "") return false;
  const howTo =
    "set true, or the proxies' addresses (comma-separated IPs or CIDR ranges, e.g. " +
    "10.0.0.0/8,127.0.0.1, or loopback, uniquelocal)";
  if (/^\d+$/.test(value)) {
    ctx.addIssue({
      code: "custom",
      message: `a hop count is not supported (Fastify would trust no proxy and ignore X-Forwarded-For); ${howTo}`,
    });
    return z.NEVER;
  }
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !isProxyRange(entry));
  if (invalid.length) {
    ctx.addIssue({
      code: "custom",
      message: `not an address or range: ${invalid.join(", ")}; ${howTo}`,
    });
    return z.NEVER;
  }
  return entries;
}

function isProxyRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  const max = version === 4 ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) >= 1 && Number(bits) <= max;
}
