import { generateKeyPairSync } from "node:crypto";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { deliverabilityProblems } from "./config-deliverability";

async function keyFile(pem: string | Buffer): Promise<string> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), "dkim-config-")), "key.pem");
  await writeFile(file, pem);
  return file;
}

const rsaKey = (modulusLength: number) =>
  generateKeyPairSync("rsa", { modulusLength }).privateKey.export({ type: "pkcs8", format: "pem" });
const ed25519Key = () =>
  generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" });

describe("the DKIM key setting", () => {
  const problems = async (key: string | Buffer) =>
    deliverabilityProblems({
      DKIM_DOMAIN: "site.test",
      DKIM_SELECTOR: "s1",
      DKIM_PRIVATE_KEY_FILE: await keyFile(key),
    });

  it("takes an RSA key of 2048 bits", async () => {
    expect(await problems(rsaKey(2048))).toEqual([]);
  });

  it("refuses an Ed25519 key, which would leave mail unsigned, and a short RSA key", async () => {
    expect(await problems(ed25519Key())).toEqual([
      {
        path: "DKIM_PRIVATE_KEY_FILE",
        message: "holds an Ed25519 key; sign with RSA 2048, made by `npm run mail -- dkim-key`",
      },
    ]);
    expect(await problems(rsaKey(1024))).toEqual([
      { path: "DKIM_PRIVATE_KEY_FILE", message: expect.stringMatching(/1024 bits/) },
    ]);
  });
});
