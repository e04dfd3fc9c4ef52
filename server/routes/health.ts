import type { FastifyPluginAsync } from "fastify";
import { type DB, isDatabaseReady } from "../db/database";

/**
 * Liveness (/api/health: the process answers) and readiness (/api/ready: the database answers
 * too). A load balancer should route only to ready instances.
 */
export const healthRoutes: FastifyPluginAsync<{ db?: DB }> = async (app, { db }) => {
  const statusSchema = {
    type: "object",
    properties: { status: { type: "string" }, database: { type: "string" } },
  };

  app.get(
    "/api/health",
    { schema: { response: { 200: statusSchema } } },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { status: "ok" };
    },
  );

  app.get(
    "/api/ready",
    { schema: { response: { 200: statusSchema, 503: statusSchema } } },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      const ready = db ? await isDatabaseReady(db) : false;
      return reply
        .code(ready ? 200 : 503)
        .send({ status: ready ? "ready" : "unavailable", database: ready ? "up" : "down" });
    },
  );
};
