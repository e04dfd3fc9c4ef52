/**
 * Staff command line for the lead store:
 *
 *   npm run leads -- export --type newsletter|contact|demo [--format csv|json] [--since DATE]
 *   npm run leads -- outbox [--status pending|failed|sent]
 *   npm run leads -- forget --email ADDRESS
 *   npm run leads -- retention [--dry-run] [--as-of YYYY-MM-DD]
 *
 * `retention` runs the daily retention job once (server/people/retention/), as if on the given day, and
 * prints what it removed by kind; with --dry-run, what it would remove, changing nothing.
 *
 * It reads the same database as the server (DATABASE_URL, or DATA_DIR/leads.sqlite) and can run
 * while the server does: SQLite in WAL mode lets readers work beside the writer.
 */
import { loadConfig } from "../config";
import { erasePerson } from "../people/erasure";
import { UsageError, commandLineVia, readCommandLine, runAsCommand, withDatabase } from "./command";
import { toCsv, toSafeJson } from "../../common/csv";
import { EXPORT_COLUMNS, LEAD_TYPES, type LeadType, readLeads } from "./export";
import { runRetention } from "../people/retention/run";
import { describeRun } from "../people/retention/words";

const USAGE = `Usage:
  npm run leads -- export --type newsletter|contact|demo [--format csv|json] [--since YYYY-MM-DD]
  npm run leads -- outbox [--status pending|failed|sent]
  npm run leads -- forget --email ADDRESS
  npm run leads -- retention [--dry-run] [--as-of YYYY-MM-DD]`;

function fail(message: string): never {
  throw new UsageError(message);
}

/** A calendar day, YYYY-MM-DD, as its first moment (UTC: Accra's time). */
function day(text: string): Date {
  const date = new Date(`${text}T00:00:00.000Z`);
  // The round trip refuses a day the month does not have (2026-02-30), which Date would roll over.
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(date.getTime());
  if (!valid || date.toISOString().slice(0, 10) !== text) {
    fail(`--as-of must be a day, YYYY-MM-DD: ${text}`);
  }
  return date;
}

export async function run(argv: string[], out: (text: string) => void): Promise<void> {
  const { command, values } = readCommandLine(argv, {
    type: { type: "string" },
    format: { type: "string", default: "csv" },
    since: { type: "string" },
    status: { type: "string" },
    email: { type: "string" },
    "dry-run": { type: "boolean", default: false },
    "as-of": { type: "string" },
  });
  if (values.help || !command) return void out(`${USAGE}\n`);

  await withDatabase(async (db) => {
    if (command === "export") {
      const type = values.type as LeadType;
      if (!LEAD_TYPES.includes(type)) fail(`--type must be one of: ${LEAD_TYPES.join(", ")}`);
      if (values.format !== "csv" && values.format !== "json") fail("--format must be csv or json");
      let since: Date | undefined;
      if (values.since) {
        since = new Date(values.since);
        if (Number.isNaN(since.getTime())) fail(`--since is not a date: ${values.since}`);
      }
      const rows = await readLeads(db, type, since);
      out(values.format === "json" ? `${toSafeJson(rows)}\n` : toCsv(EXPORT_COLUMNS[type], rows));
    } else if (command === "outbox") {
      let query = db
        .selectFrom("outbox")
        .select([
          "created_at",
          "kind",
          "status",
          "attempts",
          "next_attempt_at",
          "last_error",
          "sent_at",
        ])
        .orderBy("created_at");
      if (values.status)
        query = query.where("status", "=", values.status as "pending" | "sent" | "failed");
      const rows = await query.execute();
      out(
        toCsv(
          ["created_at", "kind", "status", "attempts", "next_attempt_at", "last_error", "sent_at"],
          rows,
        ),
      );
    } else if (command === "forget") {
      if (!values.email || !values.email.includes("@")) fail("--email ADDRESS is required");
      // Recorded in the audit log as `person.erased`, without the address.
      const removed = await erasePerson(
        db,
        values.email,
        { via: commandLineVia() },
        loadConfig().mail,
      );
      const total = Object.values(removed).reduce((sum, n) => sum + n, 0);
      out(`Removed ${total} row(s) about that address: ${JSON.stringify(removed)}\n`);
    } else if (command === "retention") {
      const asOf = values["as-of"] === undefined ? new Date() : day(values["as-of"]);
      const { mail, retention: periods } = loadConfig();
      const dryRun = values["dry-run"];
      const counts = await runRetention(db, { asOf, periods, dryRun, mail, via: commandLineVia() });
      out(describeRun(counts, { asOf, periods, dryRun }));
    } else {
      fail(`Unknown command: ${command}`);
    }
  });
}

runAsCommand(import.meta.url, USAGE, run);
