/**
 * `npm run dev`: the whole product live on one origin, http://localhost:3000 (PORT):
 *
 * - public pages rendered per request by the site's renderer (app/render.tsx) through Vite, with
 *   the site's one config (vite.config.ts); their forms hydrate as in a build, each island's
 *   script being its entry's source address on Vite's server (app/lib/page-assets.ts);
 * - the staff console at /staff from its own Vite config (console/vite.config.ts);
 * - the API: the Fastify server (server/main.ts) in a child process under `tsx watch`, which
 *   restarts it when server code changes, on an internal port; this front passes it every
 *   /api/ request, the media library's pictures (/media/), drafts' previews (/staff/preview/) and
 *   every request that is not a GET or HEAD;
 * - what marketing publishes, as `npm start` shows it (scripts/dev-published.ts): the front
 *   answers its pages from the API's database, and renders the pages the API answers itself (a
 *   preview, a form refused without JavaScript) through scripts/dev-render-bridge.ts.
 *
 * Both Vite servers run in middleware mode on this front's HTTP server (their HMR sockets too).
 * A change to a module the browser runs reloads the page (no React Refresh: the islands
 * hydrate server-rendered markup); so does a change to one only the renderer runs.
 * Data in ./data/dev (SQLite), mail written to files, as `npm start` does by default.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type Plugin, type ViteDevServer, createServer } from "vite";
import { apiPaths, consolePaths, notFoundPath } from "../common/paths";
import { MEDIA_PREFIX } from "../common/media";
import { rendererFileFor } from "../server/static/page-renderer";
import type { DevPublished } from "./dev-published";
import { renderThroughVite, serveRenderer } from "./dev-render";
import { RENDER_URL_VARIABLE } from "./dev-render-bridge";
import { freePort } from "./free-port";
import { isMain } from "./is-main";
import { REPO_ROOT } from "./repo-root";

const CONSOLE_BASE = "/staff";
/** As `npm start`, in a folder of its own; DATA_DIR moves it (the browser test does). */
const DATA_DIR = process.env.DATA_DIR ?? "data/dev";
/** What the tools write, which no page is made from. */
const IGNORED = ["**/data/**", "**/build/**", "**/test-results/**"];

/**
 * The renderer's modules run in Vite's ssr environment, which no browser watches: when one of
 * them changes, the pages that showed its old output reload (and `changed` is told, before).
 */
function reloadOnRendererChange(changed: () => void): Plugin {
  return {
    name: "reload-on-renderer-change",
    apply: "serve",
    hotUpdate({ modules, server }) {
      if (this.environment.name === "ssr" && modules.length > 0) {
        changed();
        server.environments.client.hot.send({ type: "full-reload" });
      }
    },
  };
}

/** What the API answers to a GET as `npm start`'s server does: not pages of the site. */
const API_GETS = ["/api/", `${MEDIA_PREFIX}/`, `${consolePaths.preview}/`];

/** Whether the API answers this request: its addresses, pictures, previews, and every write. */
export function forApi(method: string | undefined, url: string): boolean {
  return (method !== "GET" && method !== "HEAD") || API_GETS.some((p) => url.startsWith(p));
}

/** Whether the console answers it: /staff and everything under it. */
export function forConsole(url: string): boolean {
  return (
    url === CONSOLE_BASE || url.startsWith(`${CONSOLE_BASE}/`) || url.startsWith(`${CONSOLE_BASE}?`)
  );
}

function proxy(apiPort: number, req: http.IncomingMessage, res: http.ServerResponse) {
  const upstream = http.request(
    { host: "127.0.0.1", port: apiPort, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on("error", () => {
    // The API restarts after a change to server code: say so rather than hang.
    if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain; charset=utf-8" });
    res.end("The API is restarting; try again in a moment.");
  });
  req.pipe(upstream);
}

/** A page of published content (once the API is up), else the built page at `url`. */
async function renderPage(
  site: ViteDevServer,
  published: DevPublished | null,
  req: http.IncomingMessage,
  res: http.ServerResponse,
) {
  if (published && (await published.answer(req, res))) return;
  const page = await renderThroughVite(site, new URL(req.url ?? "/", "http://localhost").pathname);
  res.writeHead(page.status, { "content-type": page.contentType, "cache-control": "no-store" });
  res.end(page.body);
}

async function consolePage(consoleVite: ViteDevServer, url: string, res: http.ServerResponse) {
  const html = await readFile(path.join(REPO_ROOT, "console/index.html"), "utf8");
  res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  // As Vite's own fallback to a single-page app's index.html does: every address gets the page
  // at the console's root, whose scripts' relative addresses resolve there.
  res.end(await consoleVite.transformIndexHtml("/index.html", html, url));
}

/**
 * The API under `tsx watch`, which restarts it on a change to its code. In this process's own
 * process group (not one of its own, as scripts/processes.ts gives tools' children): whatever
 * stops `npm run dev` as a group, a Ctrl-C or a test runner, stops the API with it.
 */
function startApi(port: number, apiPort: number, siteDir: string, renderUrl: string): ChildProcess {
  const origin = `http://localhost:${port}`;
  const tsx = path.join(REPO_ROOT, "node_modules/.bin/tsx");
  return spawn(tsx, ["watch", "--clear-screen=false", "server/main.ts"], {
    cwd: REPO_ROOT,
    stdio: "inherit",
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(apiPort),
      DATA_DIR,
      // The API's own copy of the site is the missing page only: this front renders the pages,
      // its own and those the API answers (writeApiRenderer).
      SITE_DIR: siteDir,
      [RENDER_URL_VARIABLE]: renderUrl,
      PUBLIC_URL: origin,
      ALLOWED_ORIGINS: `http://127.0.0.1:${port}`,
      MAIL_TRANSPORT: process.env.MAIL_TRANSPORT ?? "file",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    },
  });
}

/** Resolves once `url` answers, or rejects when `child` ends first or after `timeoutMs`. */
async function waitForApi(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The API exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The API did not answer ${url} within ${timeoutMs / 1000} s`);
}

/**
 * Where the API looks for the build's renderer beside its site (server/static/page-renderer.ts),
 * a module re-exporting scripts/dev-render-bridge.ts: tsx, which runs the API, loads it as source.
 */
async function writeApiRenderer(siteDir: string) {
  const file = rendererFileFor(siteDir);
  const bridge = pathToFileURL(path.join(REPO_ROOT, "scripts/dev-render-bridge.ts")).href;
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `export * from ${JSON.stringify(bridge)};\n`);
}

export interface DevServer {
  url: string;
  close(): Promise<void>;
}

export async function startDev(port = Number(process.env.PORT ?? 3000)): Promise<DevServer> {
  const server = http.createServer();
  // Published content is read once the API has made (or migrated) its database.
  let published: DevPublished | null = null;
  const site = await createServer({
    configFile: path.join(REPO_ROOT, "vite.config.ts"),
    root: REPO_ROOT,
    appType: "custom",
    plugins: [reloadOnRendererChange(() => published?.rendererChanged())],
    server: { middlewareMode: true, hmr: { server }, watch: { ignored: IGNORED } },
    // The browser's modules are the islands' entries: Vite prebundles what they import.
    optimizeDeps: { entries: ["app/islands/entries/*.tsx"] },
  });
  const consoleVite = await createServer({
    configFile: path.join(REPO_ROOT, "console/vite.config.ts"),
    appType: "custom",
    server: { middlewareMode: true, hmr: { server }, watch: { ignored: IGNORED } },
  });

  // The API loads the missing page at start: render it once for it.
  const dataDir = path.resolve(REPO_ROOT, DATA_DIR);
  const siteDir = path.join(dataDir, "site");
  const missing = await renderThroughVite(site, notFoundPath);
  await mkdir(path.join(siteDir, notFoundPath), { recursive: true });
  await writeFile(path.join(siteDir, notFoundPath, "index.html"), missing.body);
  await writeApiRenderer(siteDir);
  const renderer = await serveRenderer(site);
  const apiPort = await freePort();
  const api = startApi(port, apiPort, siteDir, renderer.url);
  const publishedModule = import("./dev-published");

  server.on("request", (req, res) => {
    const url = req.url ?? "/";
    const fail = (error: unknown) => {
      const err = error as Error;
      site.ssrFixStacktrace(err);
      console.error(err);
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      res.end(err.stack ?? String(err));
    };
    if (forApi(req.method, url)) return proxy(apiPort, req, res);
    if (forConsole(url)) {
      return consoleVite.middlewares(req, res, () =>
        consolePage(consoleVite, url, res).catch(fail),
      );
    }
    site.middlewares(req, res, () => renderPage(site, published, req, res).catch(fail));
  });
  await new Promise<void>((resolve) => server.listen(port, resolve));
  await waitForApi(`http://127.0.0.1:${apiPort}${apiPaths.health}`, api, 180_000);
  published = (await publishedModule).devPublished(site, dataDir);
  const url = `http://localhost:${port}`;
  return {
    url,
    async close() {
      if (api.exitCode === null && api.signalCode === null) {
        const exited = new Promise((resolve) => api.once("exit", resolve));
        api.kill("SIGTERM");
        await exited;
      }
      await Promise.all([site.close(), consoleVite.close(), renderer.close(), published?.close()]);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

if (isMain(import.meta.url)) {
  const dev = await startDev();
  console.log(`Site, console (/staff) and API at ${dev.url}`);
  const stop = () => void dev.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
