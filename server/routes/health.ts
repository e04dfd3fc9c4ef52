import type { FastifyPluginAsync } from "fastify";

/** Liveness: answers as long as the process can serve requests. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    "/api/health",
    {
      schema: {
        response: { 200: { type: "object", properties: { status: { type: "string" } } } },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { status: "ok" };
    },
  );
};
