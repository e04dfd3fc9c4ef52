import path from "node:path";
import { z } from "zod";
import { site } from "../app/content/site";

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
    HOST: z.string().min(1).default("0.0.0.0"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default("./data"),
    /** The prerendered site (output of `npm run build`). */
    SITE_DIR: z.string().min(1).default("./build/client"),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    /** Public origin of the site, for links in e-mails. Defaults to http://localhost:PORT. */
    PUBLIC_URL: z.url().optional(),
    /** Extra origins allowed to call the API (comma-separated); the site's own always is. */
    ALLOWED_ORIGINS: z.string().default(""),
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
    /** Behind a reverse proxy or load balancer: trust X-Forwarded-For from it (true or hop count). */
    TRUST_PROXY: z
      .enum(["true", "false", "1", "2", "3"])
      .default("false")
      .transform((v) => (v === "true" ? true : v === "false" ? false : Number(v))),
    OUTBOX_POLL_MS: z.coerce.number().int().positive().default(2_000),
    OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().positive().default(8),
    /** How long a message stays claimed by the instance sending it; a crashed instance's claims
     * lapse after this and another instance (or the restarted one) sends them. Keep it well
     * above the slowest send. */
    OUTBOX_LEASE_MS: z.coerce.number().int().min(1_000).default(300_000),
  })
  .superRefine((env, ctx) => {
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

export interface Config {
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
  trustProxy: boolean | number;
  outbox: { pollMs: number; maxAttempts: number; leaseMs: number };
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
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  return {
    host: e.HOST,
    port: e.PORT,
    dataDir,
    siteDir: path.resolve(e.SITE_DIR),
    logLevel: e.LOG_LEVEL,
    publicUrl,
    allowedOrigins: [
      new URL(publicUrl).origin,
      ...e.ALLOWED_ORIGINS.split(",")
        .map((origin) => origin.trim().replace(/\/$/, ""))
        .filter(Boolean),
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
  };
}
