/**
 * The one way tools and tests start the real server as a child process: the benchmark, the soak,
 * the header audit and the fault tests. It listens on a free loopback port, with the settings the
 * caller names and nothing else, and is stopped with SIGTERM (SIGKILL after a grace period) or
 * killed at once to simulate a crash. Launching again with the same settings is a restart.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { apiPaths } from "../common/paths";
import { freePort } from "./free-port";
import { type Managed, startProcess, waitForHttp } from "./processes";
import { REPO_ROOT } from "./repo-root";

/**
 * Which code runs. `build`: the compiled server, exactly what `npm start` runs (needs
 * `npm run build`). `source`: server/main.ts through tsx's loader, for tests that run before
 * any build. Either way Node runs the server itself, with no wrapper process in between, so a
 * signal sent to the process reaches the server.
 */
export type ServerCode = "build" | "source";

const COMPILED_SERVER = "build/server/main.js";

const NODE_ARGS: Record<ServerCode, string[]> = {
  build: [COMPILED_SERVER],
  source: ["--import", "tsx", "server/main.ts"],
};

/**
 * The server's settings: the environment variables server/config.ts reads (docs/configuration.md,
 * Configuration); `undefined` leaves one unset. DATA_DIR is required so that a server under test
 * never writes into the developer's ./data.
 */
export type ServerSettings = { DATA_DIR: string } & Record<string, string | undefined>;

/**
 * What the server sees of the caller's own environment: enough to run Node, and no setting.
 * A DATABASE_URL, SMTP_URL or MAIL_TRANSPORT exported in the caller's shell reaches the server
 * only when the caller passes it on in its settings, on purpose.
 */
const INHERITED = ["PATH", "HOME", "TMPDIR", "LANG", "TZ"];

export interface LaunchedServer extends Managed {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  url: string;
  port: number;
}

export interface LaunchOptions {
  code: ServerCode;
  settings: ServerSettings;
  /** For messages; "server" by default. */
  name?: string;
  /** Copy the server's log to this process's stderr as it comes. */
  echo?: boolean;
  /**
   * The checkout whose code runs (its build/server with `build`): this repository by default,
   * or another, say an earlier commit's, for a benchmark of before and after.
   */
  root?: string;
}

/**
 * The environment of a server on `port`: loopback only, links in e-mails back to this server,
 * warnings and errors logged, mail written to files (a server under test never mails anyone
 * unless the caller sets MAIL_TRANSPORT), then the caller's settings over these.
 */
function serverEnvironment(port: number, settings: ServerSettings): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of INHERITED) if (process.env[name] !== undefined) env[name] = process.env[name];
  const all: Record<string, string | undefined> = {
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "warn",
    MAIL_TRANSPORT: "file",
    ...settings,
  };
  for (const [name, value] of Object.entries(all)) if (value !== undefined) env[name] = value;
  return env;
}

/** Starts the server and returns at once, before it answers: for tests of a failing start. */
export async function spawnServer(options: LaunchOptions): Promise<LaunchedServer> {
  const root = options.root ?? REPO_ROOT;
  if (options.code === "build" && !existsSync(path.join(root, COMPILED_SERVER))) {
    throw new Error(
      `No compiled server at ${path.join(root, COMPILED_SERVER)}: run \`npm run build\` first.`,
    );
  }
  const port = await freePort();
  const proc = startProcess(options.name ?? "server", process.execPath, NODE_ARGS[options.code], {
    env: serverEnvironment(port, options.settings),
    cwd: root,
    echo: options.echo,
  });
  return Object.assign(proc, { url: `http://127.0.0.1:${port}`, port });
}

/** Starts the server and waits until `GET /api/health` answers; kills it if it never does. */
export async function launchServer(
  options: LaunchOptions & { timeoutMs?: number },
): Promise<LaunchedServer> {
  const server = await spawnServer(options);
  try {
    await waitForHttp(`${server.url}${apiPaths.health}`, server, options.timeoutMs);
  } catch (error) {
    await server.kill();
    throw error;
  }
  return server;
}
