/**
 * Mail settings from the command line, for whoever runs the server:
 *
 *   npm run mail -- dkim-key --domain DOMAIN --selector SELECTOR [--out FILE] [--type rsa|ed25519]
 *
 * makes the key the server signs its mail with and says what to publish in DNS and what to set
 * (docs/mail-deliverability.md, "Signing (DKIM)" and "DNS records to publish").
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { loadConfig } from "../config";
import { DeliverabilityEnv } from "../config-deliverability";
import { DKIM_KEY_BITS, type DkimKeyType, dkimTxtRecord, newDkimKey } from "../mail/dkim";
import { UsageError, readCommandLine, runAsCommand } from "./command";

const USAGE = `Usage:
  npm run mail -- dkim-key --domain DOMAIN --selector SELECTOR [--out FILE] [--type rsa|ed25519]

dkim-key writes a new private key to FILE (default:
DATA_DIR/dkim-SELECTOR-DOMAIN.pem), readable by its owner only, and prints the
DNS record to publish and the settings to give the server. It never overwrites
a file. --type: rsa (the default, ${DKIM_KEY_BITS} bits, which every receiver
verifies) or ed25519 (not verified by every receiver; docs/mail-deliverability.md).`;

const KEY_NAMES: Record<DkimKeyType, string> = {
  rsa: `${DKIM_KEY_BITS}-bit RSA`,
  ed25519: "Ed25519",
};

/** The value as the server's settings would take it, or the reason they would refuse it. */
function setting(name: "DKIM_DOMAIN" | "DKIM_SELECTOR", option: string, value?: string): string {
  const parsed = DeliverabilityEnv[name].safeParse(value);
  if (!parsed.success) throw new UsageError(`${option}: ${parsed.error.issues[0]?.message}`);
  if (!parsed.data) throw new UsageError(`${option} is required`);
  return parsed.data;
}

export async function run(
  argv: string[],
  out: (text: string) => void,
  /** Where the key goes without --out; tests pass theirs, the command uses DATA_DIR. */
  { dataDir }: { dataDir?: string } = {},
): Promise<void> {
  const { command, values } = readCommandLine(argv, {
    domain: { type: "string" },
    selector: { type: "string" },
    out: { type: "string" },
    type: { type: "string" },
  });
  if (values.help || !command) return void out(`${USAGE}\n`);
  if (command !== "dkim-key") throw new UsageError(`Unknown command: ${command}`);
  const type = values.type ?? "rsa";
  if (type !== "rsa" && type !== "ed25519") throw new UsageError("--type: rsa or ed25519");
  const domain = setting("DKIM_DOMAIN", "--domain", values.domain);
  const selector = setting("DKIM_SELECTOR", "--selector", values.selector);
  // By default next to the server's other data: outside the source tree, where no one commits it.
  const file = values.out
    ? path.resolve(values.out)
    : path.join(dataDir ?? loadConfig().dataDir, `dkim-${selector}-${domain}.pem`);

  const key = newDkimKey(type);
  try {
    await mkdir(path.dirname(file), { recursive: true });
    // "wx": a key already there may be the one the published record holds; never replace it.
    await writeFile(file, key, { mode: 0o600, flag: "wx" });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST")
      throw new Error(`${file} exists; not overwritten. Choose another --out.`);
    throw new Error(`Cannot write ${file} (${code ?? "error"})`);
  }
  const record = dkimTxtRecord(domain, selector, key);
  out(
    [
      `Wrote a new ${KEY_NAMES[type]} private key to ${file} (readable by its owner only).`,
      "",
      "Publish this DNS record:",
      `  Name:  ${record.name}`,
      "  Type:  TXT",
      `  Value: ${record.value}`,
      "",
      "The value as DNS strings of at most 255 characters, for DNS hosts that want them:",
      `  ${record.strings.map((part) => `"${part}"`).join(" ")}`,
      "",
      "Once the record is visible (dig TXT " + record.name + "), set these and restart the server:",
      `  DKIM_DOMAIN=${domain}`,
      `  DKIM_SELECTOR=${selector}`,
      `  DKIM_PRIVATE_KEY_FILE=${file}`,
      "",
    ].join("\n"),
  );
}

runAsCommand(import.meta.url, USAGE, run);
