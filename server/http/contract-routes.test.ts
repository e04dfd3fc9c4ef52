import { PassThrough } from "node:stream";
import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { Failed, Said, UNAVAILABLE } from "../../staff-api/answers";
import { endpoint } from "../../staff-api/endpoint";
import { answer, contractRoute, Refused, UNDECLARED_REFUSAL } from "./contract-routes";

// A small endpoint of its own, so that what a refusal may answer is tested apart from any feature.
const lamp = endpoint({
  method: "POST",
  path: "/api/staff/lamps/:id",
  signedIn: false,
  params: z.object({ id: z.string() }),
  body: z.object({ on: z.boolean() }),
  answers: { 200: Said, 404: Failed, 503: Failed },
});

/** An app with `lamp` registered, its handler refusing with `status`; and what it logs. */
async function lampRefusing(status: number) {
  const log = new PassThrough();
  const lines: { level: number; msg: string }[] = [];
  log.on("data", (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
  });
  const app = Fastify({ logger: { level: "info", stream: log } });
  contractRoute(
    app,
    lamp,
    async ({ params, body }) => {
      if (params.id === "on") return answer(200, { message: `Lamp on: ${body.on}` });
      throw new Refused(status, "No such lamp");
    },
    { what: "lamp switch" },
  );
  await app.ready();
  apps.push(app);
  const post = (id: string) =>
    app.inject({ method: "POST", url: `/api/staff/lamps/${id}`, payload: { on: true } });
  return { post, lines };
}

const apps: Awaited<ReturnType<typeof Fastify>>[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

describe("a handler's refusal", () => {
  it("answers a status its endpoint declares, with the handler's words", async () => {
    const { post, lines } = await lampRefusing(404);
    const refused = await post("kitchen");
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: "No such lamp" });
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect((await post("on")).json()).toEqual({ message: "Lamp on: true" });
  });

  it("answers a status its endpoint does not declare as the fault it is: logged, 503", async () => {
    for (const status of [409, 400, 500, 200]) {
      const { post, lines } = await lampRefusing(status);
      const res = await post("kitchen");
      expect(res.statusCode, String(status)).toBe(503);
      expect(res.headers["retry-after"]).toBe("60");
      expect(res.json()).toEqual(UNAVAILABLE);
      const errors = lines.filter((line) => line.level >= 50);
      expect(errors).toHaveLength(1);
      expect(JSON.stringify(errors[0])).toContain(`${UNDECLARED_REFUSAL}: ${status}`);
      expect(errors[0]?.msg).toContain("POST /api/staff/lamps/:id");
    }
  });

  it("is typed by its endpoint: refuse() takes only the statuses it declares", async () => {
    const app = Fastify({ logger: false });
    apps.push(app);
    contractRoute(
      app,
      lamp,
      async ({ params, refuse }) => {
        if (params.id === "gone") throw refuse(404, "No such lamp");
        // @ts-expect-error 409 is not an answer of this endpoint
        if (params.id === "busy") throw refuse(409, "The lamp is busy");
        // @ts-expect-error a success is not a refusal
        throw refuse(200, "Fine");
      },
      { what: "lamp switch" },
    );
    await app.ready();
    const post = (id: string) =>
      app.inject({ method: "POST", url: `/api/staff/lamps/${id}`, payload: { on: false } });
    expect((await post("gone")).statusCode).toBe(404);
    // The type check is the first guard; past it, the route still answers no undeclared status.
    expect((await post("busy")).statusCode).toBe(503);
    expect((await post("kitchen")).statusCode).toBe(503);
  });
});
