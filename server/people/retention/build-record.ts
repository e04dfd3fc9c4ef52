/**
 * The retention periods a build's privacy notice states, recorded beside the built site so that
 * the notice cannot disagree with the job (docs/decisions/0034-retention.md): the build writes
 * them (scripts/postbuild.ts), `npm start` rebuilds when the environment's differ
 * (scripts/ensure-build.js, which reads this file's format without TypeScript), and the server
 * refuses to start with a site that states other periods than it would apply.
 */
import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import {
  DEFAULT_RETENTION,
  RETENTION_VARIABLES,
  type RetentionPeriods,
  differingPeriods,
} from "../../../common/retention";

/** In the site's directory: public, like the notice that states the same periods. */
export const RETENTION_RECORD = "retention-periods.json";

type Key = keyof RetentionPeriods;
const KEYS = Object.keys(RETENTION_VARIABLES) as Key[];

/** Each variable's value in this build and its default (what an unset variable means). */
type RecordFile = Record<string, { value: number; default: number }>;

export async function writeRetentionRecord(siteDir: string, periods: RetentionPeriods) {
  const record: RecordFile = Object.fromEntries(
    KEYS.map((key) => [
      RETENTION_VARIABLES[key],
      { value: periods[key], default: DEFAULT_RETENTION[key] },
    ]),
  );
  await writeFile(path.join(siteDir, RETENTION_RECORD), `${JSON.stringify(record, null, 2)}\n`);
}

/** The periods the built site states; undefined when it records none (or none readable). */
export function readRetentionRecord(siteDir: string): RetentionPeriods | undefined {
  let record: RecordFile;
  try {
    record = JSON.parse(readFileSync(path.join(siteDir, RETENTION_RECORD), "utf8")) as RecordFile;
  } catch {
    return undefined;
  }
  const values = KEYS.map((key) => [key, record[RETENTION_VARIABLES[key]]?.value] as const);
  if (!values.every(([, value]) => typeof value === "number")) return undefined;
  return Object.fromEntries(values) as unknown as RetentionPeriods;
}

/**
 * Throws, naming the variables, when the site in `siteDir` states other periods than `periods`:
 * the privacy notice would promise what the job does not do. False when the site records no
 * periods: not a build of this site's (a test's or a benchmark's page), whose caller warns.
 */
export function assertSiteStatesPeriods(siteDir: string, periods: RetentionPeriods): boolean {
  const built = readRetentionRecord(siteDir);
  if (!built) return false;
  const differing = differingPeriods(built, periods);
  if (differing.length) {
    const which = differing
      .map((name) => {
        const key = KEYS.find((k) => RETENTION_VARIABLES[k] === name) as Key;
        return `${name} is ${periods[key]} but the built privacy notice says ${built[key]}`;
      })
      .join("; ");
    throw new Error(
      `${which}. Build the site again with this environment (\`npm run build\`; \`npm start\` ` +
        "does it by itself), so the notice states the periods the server applies.",
    );
  }
  return true;
}
