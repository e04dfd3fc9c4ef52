import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Managed, freePort, startProcess, waitForHttp } from "./processes";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface SiteServer {
  url: string;
  dataDir: string;
  proc: Managed;
}

/**
 * The project's real server (`tsx server/main.ts`) on a free port, as `npm start` runs it, with
 * rate limits off (every request of the load comes from one address) and e-mails written to
 * files whatever the environment says: a benchmark must never mail anyone.
 */
export async function startSiteServer(options: {
  name: string;
  siteDir: string;
  dataDir: string;
  databaseUrl?: string;
}): Promise<SiteServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: options.dataDir,
    SITE_DIR: options.siteDir,
    LOG_LEVEL: "warn",
    RATE_LIMIT_MAX: "0",
    MAIL_TRANSPORT: "file",
  };
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  const tsx = path.join(ROOT, "node_modules", ".bin", "tsx");
  const proc = startProcess(options.name, tsx, ["server/main.ts"], { env, cwd: ROOT });
  await waitForHttp(`${url}/api/health`, proc);
  return { url, dataDir: options.dataDir, proc };
}
