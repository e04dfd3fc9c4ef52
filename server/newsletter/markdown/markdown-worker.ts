/**
 * The render worker's entry (markdown-pool.ts starts it): renders each Markdown it is sent and
 * answers with the HTML or the problem. It says when it is ready, so that the time a render is
 * given does not include loading marked and the sanitiser. Bundled as its own file
 * (package.json's build:server), since a worker runs a file, not a function.
 */
import { parentPort } from "node:worker_threads";
import type { RenderRequest } from "./markdown-pool";
import { renderMarkdown } from "./markdown-render";

if (!parentPort) throw new Error("markdown-worker.ts runs as a worker thread (markdown-pool.ts)");
const port = parentPort;

port.on("message", ({ source, pictures }: RenderRequest) =>
  port.postMessage(renderMarkdown(source, pictures)),
);
port.postMessage("ready");
