import { mkdtemp, writeFile } from "node:fs/promises";
import path from "node:path";
import { freePort } from "../scripts/free-port";
import { type Managed, runCommand, startProcess, waitForHttp } from "../scripts/processes";

const NGINX = "/usr/sbin/nginx";

/** Installs Debian's nginx-light when nginx is missing (root only; prints the command otherwise). */
export async function ensureNginx(log: (line: string) => void): Promise<void> {
  try {
    await runCommand(NGINX, ["-v"], { quiet: true });
    return;
  } catch {
    // Not installed.
  }
  if (process.getuid?.() !== 0) {
    throw new Error("nginx is missing: run `apt-get install nginx-light` as root, then again");
  }
  log("installing nginx-light with apt-get");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const install = ["install", "-y", "-qq", "--no-install-recommends", "nginx-light"];
  try {
    await runCommand("apt-get", install, { env, quiet: true });
  } catch {
    // Package lists may be missing or stale on a fresh machine.
    await runCommand("apt-get", ["update", "-qq"], { env, quiet: true });
    await runCommand("apt-get", install, { env, quiet: true });
  }
}

export interface NginxServer {
  url: string;
  workers: string;
  proc: Managed;
  version: string;
}

/**
 * nginx in the foreground with a generated configuration: the build folder, gzip on with the
 * precompressed .gz files (gzip_static), pages found as `<path>/index.html` like our server.
 * keepalive_requests is raised so nginx is not slowed by reconnecting every 1000 requests.
 */
export async function startNginx(
  siteDir: string,
  workers: "auto" | number,
  /** Where its configuration, pid file and logs go (removed with the benchmark's temp dir). */
  workDir: string,
): Promise<NginxServer> {
  const dir = await mkdtemp(path.join(workDir, "nginx-"));
  const port = await freePort();
  const config = `
worker_processes ${workers};
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  gzip on;
  gzip_static on;
  gzip_vary on;
  gzip_types text/css text/javascript application/javascript application/json image/svg+xml
             application/xml text/plain application/manifest+json;
  server {
    listen 127.0.0.1:${port};
    root ${siteDir};
    location / {
      try_files $uri $uri/index.html =404;
    }
  }
}
`;
  const file = path.join(dir, "nginx.conf");
  await writeFile(file, config);
  const version = (await runCommand(NGINX, ["-v"], { quiet: true })).trim();
  // -e: the error log before the config is read (the default one may not be writable).
  const proc = startProcess("nginx", NGINX, ["-p", dir, "-c", file, "-e", `${dir}/error.log`]);
  const url = `http://127.0.0.1:${port}/`;
  await waitForHttp(url, proc, 15_000);
  return { url, workers: String(workers), proc, version };
}
