import { buildApp } from "./app";
import { loadConfig } from "./config";
import { loadSiteFiles } from "./static/site-files";

/** Process entry: configuration, the prerendered site, listen, and a graceful stop on signals. */
async function main() {
  const config = loadConfig();
  const site = await loadSiteFiles(config.siteDir);
  const app = await buildApp({ config, site });

  const stop = async (signal: string) => {
    app.log.info({ signal }, "shutting down");
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void stop("SIGINT"));
  process.once("SIGTERM", () => void stop("SIGTERM"));

  await app.listen({ host: config.host, port: config.port });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
