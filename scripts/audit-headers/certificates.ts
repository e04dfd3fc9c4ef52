import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface TestCertificates {
  /** PEM of the throwaway CA: what the scanner is told to trust (NODE_EXTRA_CA_CERTS). */
  caFile: string;
  /** PEM key and certificate for `host`, signed by that CA: what the TLS terminator serves. */
  keyFile: string;
  certFile: string;
}

async function openssl(dir: string, args: string[]): Promise<void> {
  try {
    await run("openssl", args, { cwd: dir });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? "";
    throw new Error(`openssl ${args[0]} failed: ${stderr.trim() || String(error)}`);
  }
}

/**
 * A test CA and a server certificate for `host` (plus 127.0.0.1), valid for one day, written to
 * `dir` with openssl. Nothing here is trusted outside the process that is handed `caFile`.
 */
export async function createTestCertificates(dir: string, host: string): Promise<TestCertificates> {
  const file = (name: string) => path.join(dir, name);
  const ecKey = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];

  await openssl(dir, [
    "req",
    "-x509",
    ...ecKey,
    "-keyout",
    "ca.key",
    "-out",
    "ca.pem",
    "-days",
    "1",
    "-subj",
    "/CN=audit-headers throwaway test CA",
    "-addext",
    "basicConstraints=critical,CA:TRUE,pathlen:0",
    "-addext",
    "keyUsage=critical,keyCertSign,cRLSign",
  ]);
  await openssl(dir, [
    "req",
    ...ecKey,
    "-keyout",
    "server.key",
    "-out",
    "server.csr",
    "-subj",
    `/CN=${host}`,
  ]);
  await writeFile(
    file("server.ext"),
    [
      `subjectAltName=DNS:${host},IP:127.0.0.1`,
      "basicConstraints=critical,CA:FALSE",
      "keyUsage=critical,digitalSignature",
      "extendedKeyUsage=serverAuth",
      "",
    ].join("\n"),
  );
  await openssl(dir, [
    "x509",
    "-req",
    "-in",
    "server.csr",
    "-CA",
    "ca.pem",
    "-CAkey",
    "ca.key",
    "-set_serial",
    `0x${Date.now().toString(16)}`,
    "-days",
    "1",
    "-extfile",
    "server.ext",
    "-out",
    "server.pem",
  ]);
  return { caFile: file("ca.pem"), keyFile: file("server.key"), certFile: file("server.pem") };
}
