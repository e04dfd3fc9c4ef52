/**
 * The render worker (markdown.ts, markdown-pool.ts): Markdown too complex to render holds no
 * other request while it runs, and a worker that dies mid-render is replaced.
 */
import { Worker } from "node:worker_threads";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { apiPaths } from "../../../common/paths";
import type { DB } from "../../db/database";
import { testApp, testDatabase } from "../../testing/lead-api";
import { markdownPool, markdownToHtml } from "./markdown";
import { MarkdownPool } from "./markdown-pool";
import { NO_PICTURES } from "./mail-pictures";

/** Seconds of marked's time (the square of the runs of emphasis: bench/markdown.ts). */
const SLOW = "*a **".repeat(4000).trim();
const SLOW_AS_TEXT = `<p>${SLOW}</p>\n`;

let db: DB;
let app: FastifyInstance;

beforeAll(async () => {
  db = await testDatabase();
  app = await testApp(db);
});

afterAll(async () => {
  await app.close();
  await db.destroy();
});

it("answers other requests while Markdown too complex to render is being rendered", async () => {
  await markdownToHtml("Akwaaba"); // a running server's worker has started (the first render)
  const order: string[] = [];
  const rendering = markdownToHtml(SLOW).then((html) => {
    order.push("render");
    return html;
  });
  const health = await app.inject({ url: apiPaths.health });
  order.push(`health ${health.statusCode}`);
  const html = await rendering;
  expect(order).toEqual(["health 200", "render"]);
  expect(html).toBe(SLOW_AS_TEXT);
});

it("renders again after its worker dies mid-render", async () => {
  // Markdown not rendered before (renderings are kept): the worker has started and is idle.
  await markdownToHtml("Akwaaba, again");
  const rendering = markdownToHtml(SLOW);
  await markdownPool.terminate(); // as a crash would
  expect(await rendering).toBe(SLOW_AS_TEXT);
  expect(await markdownToHtml("**Akwaaba**")).toBe("<p><strong>Akwaaba</strong></p>\n");
  expect(markdownPool.workers).toBe(1);
});

it("fails the renders waiting, not the server, when a worker cannot start", async () => {
  const broken = new MarkdownPool({
    start: () => new Worker("throw new Error('no such worker file')", { eval: true }),
    size: 1,
  });
  const akwaaba = { source: "Akwaaba", pictures: NO_PICTURES };
  await expect(broken.render(akwaaba, 300)).rejects.toThrow("no such worker file");
  // Each render asks again: a worker that could not start is not kept.
  await expect(broken.render(akwaaba, 300)).rejects.toThrow("no such worker file");
  expect(broken.workers).toBe(0);
});
