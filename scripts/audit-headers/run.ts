/**
 * `npm run audit:headers`: grades our response headers with Mozilla's HTTP Observatory scanner
 * (@mdn/mdn-http-observatory), offline, the way it would grade the production site.
 *
 * 1. A throwaway CA and a certificate for `localhost` (openssl, in a temp dir).
 * 2. Our compiled server (as `npm start` runs it) on a free loopback port with TRUST_PROXY=true,
 *    a fresh SQLite database and e-mails written to files, so nothing leaves the machine.
 * 3. A TLS terminator on 127.0.0.1:443 and :80 (the only ports the scanner knows): HTTPS proxied
 *    to the server with X-Forwarded-Proto, HTTP redirected to HTTPS.
 * 4. The scanner against `localhost`, trusting the test CA; every test's result is printed and
 *    written to scripts/audit-headers/last-result.json (not committed).
 *
 * Exit status: 0 for grade A+, 1 for any lower grade, 2 when the audit could not run. Processes
 * and temp files are removed on every path, also on Ctrl-C. Needs root (ports 80 and 443).
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { isMain } from "../is-main";
import { launchServer } from "../launch-server";
import { REPO_ROOT } from "../repo-root";
import { createTestCertificates } from "./certificates";
import {
  ensureHstsPreloadList,
  type ObservatoryResult,
  observatoryVersion,
  runObservatory,
} from "./scanner";
import { startTlsTerminator } from "./tls-terminator";

/** Resolves to 127.0.0.1 without touching /etc/hosts, and the scanner accepts it. */
const HOST = "localhost";
const RESULT_FILE = path.join(REPO_ROOT, "scripts", "audit-headers", "last-result.json");
const REQUIRED_GRADE = "A+";

type Cleanup = () => Promise<unknown> | void;

function printResult(result: ObservatoryResult): void {
  const { scan, tests } = result;
  console.log(
    `\nMozilla HTTP Observatory ${observatoryVersion} (algorithm ${scan.algorithmVersion}), ` +
      `https://${HOST}/ (status ${scan.statusCode})`,
  );
  console.log(
    `Grade ${scan.grade}, score ${scan.score} ` +
      `(${scan.testsPassed} of ${scan.testsQuantity} tests passed)\n`,
  );
  const width = Math.max(...Object.keys(tests).map((name) => name.length));
  for (const [name, test] of Object.entries(tests)) {
    const modifier = test.scoreModifier ?? 0;
    const points = modifier > 0 ? `+${modifier}` : String(modifier);
    console.log(
      `  ${test.pass ? "pass" : "FAIL"}  ${name.padEnd(width)}  ${points.padStart(3)}  ${test.result}`,
    );
  }
}

async function writeResult(result: ObservatoryResult): Promise<void> {
  const record = {
    command: "npm run audit:headers",
    scannedAt: new Date().toISOString(),
    scanner: `@mdn/mdn-http-observatory ${observatoryVersion}`,
    target: `https://${HOST}/ (build/server/main.js behind scripts/audit-headers/tls-terminator.ts)`,
    ...result,
  };
  await writeFile(RESULT_FILE, `${JSON.stringify(record, null, 2)}\n`);
  console.log(`\nWritten to ${path.relative(REPO_ROOT, RESULT_FILE)}`);
}

async function audit(signal: AbortSignal, cleanups: Cleanup[]): Promise<ObservatoryResult> {
  if (!existsSync(path.join(REPO_ROOT, "build/client/404/index.html")))
    throw new Error("No build in build/client: run `npm run build` first.");

  const dir = await mkdtemp(path.join(tmpdir(), "audit-headers-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));

  await mkdir(path.join(dir, "tls"));
  const certs = await createTestCertificates(path.join(dir, "tls"), HOST);

  const server = await launchServer({
    code: "build",
    settings: {
      DATA_DIR: path.join(dir, "data"),
      TRUST_PROXY: "true",
      PUBLIC_URL: `https://${HOST}`,
    },
  });
  cleanups.push(() => server.stop());
  signal.throwIfAborted();

  const terminator = await startTlsTerminator({
    key: await readFile(certs.keyFile),
    cert: await readFile(certs.certFile),
    publicHost: HOST,
    upstream: { host: "127.0.0.1", port: server.port },
  });
  cleanups.push(() => terminator.close());
  console.log(
    `Server on 127.0.0.1:${server.port}, TLS terminator on 127.0.0.1:443 and :80, scanning ${HOST}…`,
  );

  cleanups.push(await ensureHstsPreloadList());
  return runObservatory({ host: HOST, caFile: certs.caFile, signal });
}

async function main(): Promise<number> {
  const abort = new AbortController();
  const onSignal = (name: NodeJS.Signals) => {
    console.error(`\n${name}: stopping and cleaning up…`);
    abort.abort(new Error(`interrupted by ${name}`));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  const cleanups: Cleanup[] = [];
  let status: number;
  try {
    const result = await audit(abort.signal, cleanups);
    printResult(result);
    await writeResult(result);
    status = result.scan.grade === REQUIRED_GRADE ? 0 : 1;
    if (status) console.error(`\nGrade ${result.scan.grade} is below ${REQUIRED_GRADE}.`);
  } catch (error) {
    console.error(`\nThe header audit could not run: ${(error as Error).message}`);
    status = 2;
  } finally {
    // Last in, first out: terminator, then server, then the temp dir.
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error(`Cleanup step failed: ${(error as Error).message}`);
      }
    }
  }
  return status;
}

if (isMain(import.meta.url)) process.exitCode = await main();
