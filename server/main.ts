import { site as siteFacts } from "../common/site";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { safeError } from "./privacy/log-safety";
import { describeDatabase, openConfiguredDatabase } from "./configured-database";
import { migrate } from "./db/database";
import { createDeliveries, returnEffects } from "./mail/deliveries";
import { type InboundListener, startInboundListener } from "./newsletter/returns/inbound/listener";
import { createTransport } from "./mail/transports";
import { RETENTION_RECORD, assertSiteStatesPeriods } from "./people/retention/build-record";
import { scheduleRetention } from "./people/retention/schedule";
import { loadSiteFiles } from "./static/site-files";
import { loadPageRenderer } from "./static/page-renderer";
import { schedulePublishing } from "./publishing/publish-schedule";

/** Process entry: configuration, database and migrations, the site, listen, graceful stop. */
async function main() {
  const config = loadConfig();
  // Before anything else: a privacy notice stating other periods than the job applies is wrong.
  const statesPeriods = assertSiteStatesPeriods(config.siteDir, config.retention);
  const db = openConfiguredDatabase(config);
  try {
    await migrate(db);
  } catch (error) {
    // Refuse to start rather than serve forms that cannot store anything; a supervisor
    // (systemd, Kubernetes) restarts the process until the database is back.
    throw new Error(`Cannot use the database (${describeDatabase(config)}): ${safeError(error)}`);
  }
  // The innovation hub embeds its application form from the forms provider's origin.
  const csp = { frameOrigins: [new URL(siteFacts.innovationHubFormUrl).origin] };
  const site = await loadSiteFiles(config.siteDir, csp);
  const pages = await loadPageRenderer(config.siteDir, csp);
  const transport = createTransport(config.mail, config.mailFrom, config.deliverability.dkim);

  // The outbox logs through Fastify's logger; it only logs once started, after the app exists.
  const outbox = createDeliveries(
    { db, transport, config },
    {
      log: {
        info: (obj, msg) => app.log.info(obj, msg),
        warn: (obj, msg) => app.log.warn(obj, msg),
        error: (obj, msg) => app.log.error(obj, msg),
      },
    },
  );
  const app = await buildApp({ config, db, site, pages, outbox });
  let inbound: InboundListener | undefined;
  if (!pages) {
    app.log.warn(
      { siteDir: config.siteDir },
      "the build has no page renderer: a form refused without JavaScript lands on the generic page",
    );
  }
  if (!statesPeriods) {
    app.log.warn(
      { siteDir: config.siteDir },
      `the site has no readable ${RETENTION_RECORD}: its privacy notice is not checked`,
    );
  }
  // Personal data past its retention period (server/people/retention/): now, then daily.
  const retention = scheduleRetention({
    db,
    periods: config.retention,
    mail: config.mail,
    log: app.log,
  });

  // Scheduled articles, case studies and positions go on the site (server/publishing/).
  const publisher = schedulePublishing({ db, log: app.log });

  const stop = async (signal: string) => {
    app.log.info({ signal }, "shutting down");
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close(); // stop accepting, finish requests in flight
    await inbound?.close(); // bounces not yet answered 250 are sent again by their servers
    await outbox.stop(); // let the current send finish
    await retention.stop(); // let a run under way finish
    await publisher.stop(); // let a publishing tick under way finish
    transport.close();
    await db.destroy();
    process.exit(0);
  };
  process.once("SIGINT", () => void stop("SIGINT"));
  process.once("SIGTERM", () => void stop("SIGTERM"));

  await app.listen({ host: config.host, port: config.port });
  outbox.start();
  // Bounces and complaints to the return path (server/newsletter/returns/inbound/), when INBOUND_SMTP_PORT is set.
  const smtp = config.deliverability.inbound?.smtp;
  if (config.deliverability.inbound && smtp) {
    inbound = await startInboundListener({
      db,
      effects: returnEffects(config),
      inbound: config.deliverability.inbound,
      host: smtp.host,
      port: smtp.port,
      log: app.log,
    });
    app.log.info({ port: inbound.port }, "inbound SMTP listening");
  }
  app.log.info(
    { database: config.databaseUrl ? "postgres" : "sqlite", mail: config.mail.transport },
    "ready",
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
