import path from "node:path";
import { z } from "zod";

/**
 * The environment, parsed once at start. This is the only module that reads process.env; the
 * rest of the server receives a Config. An invalid value stops the process with a message that
 * names the variable.
 */
const EnvSchema = z.object({
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  /** The prerendered site (output of `npm run build`). */
  SITE_DIR: z.string().min(1).default("./build/client"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  siteDir: string;
  logLevel: z.infer<typeof EnvSchema>["LOG_LEVEL"];
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
  return {
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    siteDir: path.resolve(e.SITE_DIR),
    logLevel: e.LOG_LEVEL,
  };
}
