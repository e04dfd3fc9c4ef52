import Fastify, { type FastifyInstance } from "fastify";
import type { Config } from "./config";
import { healthRoutes } from "./routes/health";
import { sitePlugin } from "./static/site-plugin";
import type { SiteFiles } from "./static/site-files";

export interface AppDeps {
  config: Pick<Config, "logLevel">;
  /** The prerendered site; tests that only exercise the API may leave it out. */
  site?: SiteFiles;
}

/** Builds the whole HTTP application. main.ts listens on it; tests call inject() on it. */
export async function buildApp({ config, site }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === "silent" ? false : { level: config.logLevel },
    // Bodies are small JSON documents; anything bigger is refused early.
    bodyLimit: 16 * 1024,
    // Closing idle keep-alive sockets lets shutdown finish promptly.
    forceCloseConnections: "idle",
  });

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, "request failed");
    // 4xx messages come from Fastify's own checks and are safe to show; 5xx details are not.
    reply.code(status).send({ error: status === 500 ? "Internal Server Error" : error.message });
  });

  await app.register(healthRoutes);
  app.all("/api/*", async (_request, reply) => reply.code(404).send({ error: "Not Found" }));
  if (site) await app.register(sitePlugin, { site });
  return app;
}
