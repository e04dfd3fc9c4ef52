/**
 * Returned messages that name 15,000 recipients each (delivery status reports of about 1 MB, just
 * under the listener's size limit), three sent one after another to the inbound SMTP listener
 * of the compiled server on SQLite, at a subscriber's own return path, while `GET /api/health`
 * is asked every 10 ms. The
 * listener must not hold the server: health's p99 while the reports are received and recorded
 * must stay within 100 ms. Also how long each sender waited for its answer, the answers, and how
 * many events were stored.
 *
 *   npx tsx bench/returns.ts [--before DIR] [--rounds 2] [--recipients 15000] [--reports 3]
 *   npm run bench -- --only returns          # this build once, in the full run
 *
 * `--before DIR`: another checkout (say an earlier commit, with `npm run build:server` run in
 * it) measured too, the two builds taking turns, round after round. Needs the compiled server:
 * `npm run build`, or `npm run build:server` alone (the server is given a site of one page).
 */
import { once } from "node:events";
import net from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { apiPaths } from "../common/paths";
import {
  confirmationReturnPath,
  floodReport,
} from "../server/newsletter/returns/inbound/report-samples.testing";
import { freePort } from "../scripts/free-port";
import { isMain } from "../scripts/is-main";
import { launchBenchServer, onFreshBenchDatabase } from "./dialects";
import { onePageSite } from "./export";
import { type HealthTimes, healthWhile } from "./health";

/** Target: `/api/health`'s p99 while a returned message of 1 MB is received. */
export const HEALTH_DURING_RETURN_P99_MS = 100;

/** The listener's settings for the run: its domain, and the key of the tags. */
const INBOUND = {
  domain: "returns.bench.test",
  secret: "the benchmark's inbound secret, 32 characters or more",
};

/** Which compiled server runs: this checkout's, or another's (`root`). */
export interface ReturnsBuild {
  name: string;
  root?: string;
}

export interface ReturnsRun {
  build: string;
  round: number;
  recipients: number;
  /** Reports sent, one after another; each of `megabytes`. */
  reports: number;
  megabytes: number;
  /** The listener's answer to the reports (the first that was not 250, if any). */
  answer: string;
  /** From connecting to the answer, in seconds, per report. */
  answerS: number;
  /** mail_events rows the reports became; whether the subscriber was suppressed. */
  events: number;
  suppressed: boolean;
  /** Health before (the server idle) and while the message was sent, read and recorded. */
  idle: HealthTimes;
  during: HealthTimes;
  pass: boolean;
}

/**
 * Sends `raw` as a mail server returning a message does (null sender), over a plain socket with
 * the message's bytes ready beforehand, so that the sending side does next to no work while
 * health is timed from the same process. Answers the reply to the message (after DATA's end).
 */
async function returnMessage(port: number, to: string, raw: string): Promise<string> {
  const socket = net.connect({ host: "127.0.0.1", port });
  socket.setEncoding("utf8");
  const replies: string[] = [];
  let waiting: ((reply: string) => void) | undefined;
  let buffered = "";
  socket.on("data", (chunk: string) => {
    buffered += chunk;
    // A reply's last line has a space after the code ("250 OK"); "250-" lines continue it.
    for (let end = buffered.indexOf("\r\n"); end !== -1; end = buffered.indexOf("\r\n")) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      if (/^\d{3}-/.test(line)) continue;
      if (waiting) waiting(line);
      else replies.push(line);
      waiting = undefined;
    }
  });
  const closed = once(socket, "close");
  const reply = () =>
    replies.length
      ? Promise.resolve(replies.shift() as string)
      : Promise.race([
          new Promise<string>((resolve) => (waiting = resolve)),
          closed.then(() => "connection closed"),
        ]);
  // The message as DATA sends it: no line of the report begins with a dot, so none is doubled.
  const data = Buffer.from(`${raw.endsWith("\r\n") ? raw : `${raw}\r\n`}.\r\n`);
  try {
    for (const command of [undefined, "EHLO mx.bench.test", "MAIL FROM:<>", `RCPT TO:<${to}>`]) {
      if (command) socket.write(`${command}\r\n`);
      const line = await reply();
      if (!/^2/.test(line)) return line;
    }
    socket.write("DATA\r\n");
    const go = await reply();
    if (!go.startsWith("354")) return go;
    socket.write(data);
    const answer = await reply();
    socket.end("QUIT\r\n");
    return answer;
  } finally {
    socket.destroy();
  }
}

async function returnsRun(
  build: ReturnsBuild,
  round: number,
  { recipients, reports }: { recipients: number; reports: number },
  log: (line: string) => void,
): Promise<ReturnsRun> {
  const options = { migrated: build.root === undefined };
  return onFreshBenchDatabase(
    "returns",
    { dialect: "sqlite" },
    async (database, cleanups) => {
      const { db, dataDir } = database;
      const smtpPort = await freePort();
      const server = await launchBenchServer(
        `returns-${build.name}`,
        database,
        {
          siteDir: await onePageSite(path.join(dataDir, "site")),
          root: build.root,
          settings: {
            INBOUND_SMTP_PORT: String(smtpPort),
            INBOUND_MAIL_DOMAIN: INBOUND.domain,
            INBOUND_MAIL_SECRET: INBOUND.secret,
          },
        },
        cleanups,
      );
      // A visitor signs up, as the attacker did, and reads the return path of their confirmation.
      const email = "ama@bench.example";
      const signUp = await fetch(`${server.url}${apiPaths.subscribe}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email }),
      });
      if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}`);
      const { returnPath: to } = await confirmationReturnPath(db, INBOUND, email);
      const report = (n: number) => floodReport(to, recipients, `<bench-${n}@mx.example.net>`);
      const sizes = Buffer.byteLength(report(1));

      const idle = await healthWhile(server.url, sleep(1_000));
      // One report after another, each its own message: one alone is over too soon after the
      // fix for health's p99 to be more than its slowest answer.
      const answers: string[] = [];
      const start = performance.now();
      const sent = (async () => {
        for (let n = 1; n <= reports; n++)
          answers.push(await returnMessage(smtpPort, to, report(n)));
      })();
      const during = await healthWhile(server.url, sent);
      await sent;
      const answerS = (performance.now() - start) / 1000 / reports;
      const answer = answers.find((a) => !a.startsWith("250")) ?? answers[0] ?? "";
      const stored = await db
        .selectFrom("mail_events")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirstOrThrow();
      const suppressed = await db
        .selectFrom("mail_suppressions")
        .select("email")
        .where("email", "=", email)
        .executeTakeFirst();
      const run: ReturnsRun = {
        build: build.name,
        round,
        recipients,
        reports,
        megabytes: sizes / 2 ** 20,
        answer,
        answerS,
        events: Number(stored.n),
        suppressed: !!suppressed,
        idle,
        during,
        pass: answer.startsWith("250") && during.p99Ms <= HEALTH_DURING_RETURN_P99_MS,
      };
      log(
        `  returns, ${build.name}, round ${round}: ${reports} × ${recipients} recipients, ` +
          `${run.megabytes.toFixed(2)} MB → "${run.answer}" after ${answerS.toFixed(1)} s each; ` +
          `${run.events} events, subscriber ${run.suppressed ? "" : "not "}suppressed; health ` +
          `during it p50 ${during.p50Ms.toFixed(1)} ms, p99 ${during.p99Ms.toFixed(1)} ms, max ` +
          `${during.maxMs.toFixed(1)} ms over ${during.samples} requests (idle p99 ` +
          `${idle.p99Ms.toFixed(1)} ms) → ${run.pass ? "PASS" : "FAIL"}`,
      );
      return run;
    },
    options,
  );
}

/** Each build in turn, `rounds` times: before and after on the same machine, the same minutes. */
export async function measureReturns({
  builds = [{ name: "this build" }],
  rounds = 1,
  recipients = 15_000,
  reports = 3,
  log = console.log,
}: {
  builds?: ReturnsBuild[];
  rounds?: number;
  recipients?: number;
  reports?: number;
  log?: (line: string) => void;
}): Promise<ReturnsRun[]> {
  const runs: ReturnsRun[] = [];
  for (let round = 1; round <= rounds; round++) {
    for (const build of builds)
      runs.push(await returnsRun(build, round, { recipients, reports }, log));
  }
  return runs;
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      before: { type: "string" },
      rounds: { type: "string", default: "2" },
      recipients: { type: "string", default: "15000" },
      reports: { type: "string", default: "3" },
    },
  });
  const builds: ReturnsBuild[] = [
    ...(values.before ? [{ name: "before", root: path.resolve(values.before) }] : []),
    { name: "after" },
  ];
  const runs = await measureReturns({
    builds,
    rounds: Number(values.rounds),
    recipients: Number(values.recipients),
    reports: Number(values.reports),
  });
  process.exitCode = runs.every((r) => r.pass || r.build === "before") ? 0 : 1;
}
