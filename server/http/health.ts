import type { FastifyPluginAsync } from "fastify";
import * as z from "zod/mini";
import { apiPaths } from "../../common/paths";
import { type DB, isDatabaseReady } from "../db/database";
import { zodRoute } from "./zod-schemas";

const Alive = z.object({ status: z.literal("ok") });
const Readiness = z.object({
  status: z.enum(["ready", "unavailable"]),
  database: z.enum(["up", "down"]),
});

/**
 * Liveness (/api/health: the process answers) and readiness (/api/ready: the database answers
 * too). A load balancer should route only to ready instances.
 */
export const healthRoutes: FastifyPluginAsync<{ db?: DB }> = async (app, { db }) => {
  app.get(apiPaths.health, zodRoute({ response: { 200: Alive } }), async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return { status: "ok" };
  });

  app.get(
    apiPaths.ready,
    zodRoute({ response: { 200: Readiness, 503: Readiness } }),
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      const ready = db ? await isDatabaseReady(db) : false;
      return reply
        .code(ready ? 200 : 503)
        .send({ status: ready ? "ready" : "unavailable", database: ready ? "up" : "down" });
    },
  );
};
