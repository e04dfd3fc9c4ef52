/**
 * `npm run dev`: the whole product live on one origin, http://localhost:3000 (PORT):
 *
 * - public pages rendered per request by the site's renderer (app/render.tsx) through Vite, with
 *   the site's one config (vite.config.ts); their forms hydrate as in a build, each island's
 *   script being its entry's source address on Vite's server (app/lib/page-assets.ts);
 * - the staff console at /staff from its own Vite config (console/vite.config.ts);
 * - the API: the Fastify server (server/main.ts) in a child process under `tsx watch`, which
 *   restarts it when server code changes, on an internal port; this front passes it every
 *   /api/ request and every request that is not a GET or HEAD.
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
import { type Plugin, type ViteDevServer, createServer } from "vite";
import { apiPaths, notFoundPath } from "../common/paths";
import type { PageAssets, Rendered } from "../app/render";
import { freePort } from "./free-port";
import { isMain } from "./is-main";
import { REPO_ROOT } from "./repo-root";

const RENDERER = "/app/render.tsx";
const CONSOLE_BASE = "/staff";
/** As `npm start`, in a folder of its own; DATA_DIR moves it (the browser test does). */
const DATA_DIR = process.env.DATA_DIR ?? "data/dev";
/** What the tools write, which no page is made from. */
const IGNORED = ["**/data/**", "**/build/**", "**/test-results/**"];

interface Renderer {
  renderPath(urlPath: string, assets: PageAssets): Promise<Rendered>;
  devAssets: PageAssets;
}

/**
 * The renderer's modules run in Vite's ssr environment, which no browser watches: when one of
 * them changes, the pages that showed its old output reload.
 */
function reloadOnRendererChange(): Plugin {
  return {
    name: "reload-on-renderer-change",
    apply: "serve",
    hotUpdate({ modules, server }) {
      if (this.environment.name === "ssr" && modules.length > 0) {
        server.environments.client.hot.send({ type: "full-reload" });
      }
    },
  };
}

/** Whether the API answers this request: its addresses, and every write. */
export function forApi(method: string | undefined, url: string): boolean {
  return (method !== "GET" && method !== "HEAD") || url.startsWith("/api/");
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

async function renderPage(site: ViteDevServer, url: string, res: http.ServerResponse) {
  const urlPath = new URL(url, "http://localhost").pathname;
  const renderer = (await site.ssrLoadModule(RENDERER)) as Renderer;
  const page = await renderer.renderPath(urlPath, renderer.devAssets);
  // Vite adds its client (the reload on change) to a page's HTML.
  const body = page.contentType.startsWith("text/html")
    ? await site.transformIndexHtml(url, page.body)
    : page.body;
  res.writeHead(page.status, { "content-type": page.contentType, "cache-control": "no-store" });
  res.end(body);
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
function startApi(port: number, apiPort: number, siteDir: string): ChildProcess {
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
      // The API's own copy of the site is the missing page only: this front renders the pages.
      SITE_DIR: siteDir,
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

export interface DevServer {
  url: string;
  close(): Promise<void>;
}

export async function startDev(port = Number(process.env.PORT ?? 3000)): Promise<DevServer> {
  const server = http.createServer();
  const site = await createServer({
    configFile: path.join(REPO_ROOT, "vite.config.ts"),
    root: REPO_ROOT,
    appType: "custom",
    plugins: [reloadOnRendererChange()],
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
  const siteDir = path.join(REPO_ROOT, DATA_DIR, "site");
  const renderer = (await site.ssrLoadModule(RENDERER)) as Renderer;
  const missing = await renderer.renderPath(notFoundPath, renderer.devAssets);
  await mkdir(path.join(siteDir, notFoundPath), { recursive: true });
  await writeFile(path.join(siteDir, notFoundPath, "index.html"), missing.body);
  const apiPort = await freePort();
  const api = startApi(port, apiPort, siteDir);

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
    site.middlewares(req, res, () => renderPage(site, url, res).catch(fail));
  });
  await new Promise<void>((resolve) => server.listen(port, resolve));
  await waitForApi(`http://127.0.0.1:${apiPort}${apiPaths.health}`, api, 180_000);
  const url = `http://localhost:${port}`;
  return {
    url,
    async close() {
      if (api.exitCode === null && api.signalCode === null) {
        const exited = new Promise((resolve) => api.once("exit", resolve));
        api.kill("SIGTERM");
        await exited;
      }
      await Promise.all([site.close(), consoleVite.close()]);
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
