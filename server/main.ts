import path from "node:path";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { migrate, openDatabase } from "./db/database";
import { createOutboxWorker } from "./mail/outbox";
import { createTransport } from "./mail/transports";
import { loadSiteFiles } from "./static/site-files";

/** Process entry: configuration, database and migrations, the site, listen, graceful stop. */
async function main() {
  const config = loadConfig();
  const db = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, "leads.sqlite") });
  await migrate(db);
  const site = await loadSiteFiles(config.siteDir);
  const transport = createTransport(config.mail, config.mailFrom);

  // The app is built first so the outbox can log through Fastify's logger.
  let outbox: ReturnType<typeof createOutboxWorker> | undefined;
  const app = await buildApp({
    config,
    db,
    site,
    outbox: {
      runOnce: () => outbox?.runOnce() ?? Promise.resolve(0),
      wake: () => outbox?.wake(),
      start: () => outbox?.start(),
      stop: () => outbox?.stop() ?? Promise.resolve(),
    },
  });
  outbox = createOutboxWorker({
    db,
    transport,
    log: app.log,
    pollMs: config.outbox.pollMs,
    maxAttempts: config.outbox.maxAttempts,
  });

  const stop = async (signal: string) => {
    app.log.info({ signal }, "shutting down");
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close(); // stop accepting, finish requests in flight
    await outbox?.stop(); // let the current send finish
    transport.close();
    await db.destroy();
    process.exit(0);
  };
  process.once("SIGINT", () => void stop("SIGINT"));
  process.once("SIGTERM", () => void stop("SIGTERM"));

  await app.listen({ host: config.host, port: config.port });
  outbox.start();
  app.log.info({ database: config.databaseUrl ? "postgres" : "sqlite", mail: config.mail.transport }, "ready");
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
