import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { UNSAFE_CHARACTERS_MESSAGE } from "../../leads/fields";
import { type DB, openDatabase } from "../db/database";
import { findAccountByEmail } from "../staff/accounts/accounts";
import { changeAccount } from "../staff/accounts/accounts-admin";
import { requestSignInLink, verifySignInToken } from "../staff/sign-in/sign-in";
import { recordingTransport, testDialects, useTestDatabase, testOutbox } from "../testing/lead-api";
import { commandLine } from "./command.testing";
import { run } from "./staff";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe.each(testDialects)("npm run staff on $name", ({ url }) => {
  let db: DB;
  useTestDatabase(url, (opened) => (db = opened), { once: true });

  const staff = async (...args: string[]) => {
    let text = "";
    await run(args, (t) => (text += t), { db });
    return text;
  };
  const audit = async () =>
    (
      await db
        .selectFrom("audit_log")
        .select(["action", "record_id", "detail"])
        .orderBy("at")
        .execute()
    ).map((e) => ({ ...e, detail: JSON.parse(e.detail) as Record<string, unknown> }));

  it("adds, changes the role of, lists and disables accounts, each in the audit log", async () => {
    expect(
      await staff("add", "--email", "Ama@Example.com", "--role", "sales", "--name", "Ama"),
    ).toBe("Added Ama@example.com as sales. They sign in with a link sent to that address.\n");
    expect(await staff("add", "--email", "ama@example.com", "--role", "sales")).toMatch(
      /already sales; nothing changed/,
    );
    expect(await staff("add", "--email", "AMA@example.com", "--role", "admin")).toBe(
      "Ama@example.com is now admin.\n",
    );
    await staff("add", "--email", "kofi@example.com", "--role", "marketing");
    expect(await staff("disable", "--email", "kofi@example.com")).toMatch(/Disabled/);
    expect(await staff("disable", "--email", "kofi@example.com")).toMatch(/already disabled/);
    // Adding a disabled account again changes its role but does not re-enable it, and says so.
    expect(await staff("add", "--email", "kofi@example.com", "--role", "sales")).toMatch(
      /now sales\. The account is disabled .* and stays disabled/,
    );

    const list = (await staff("list")).trim().split("\r\n");
    expect(list[0]).toBe("email,name,role,status,created_at");
    expect(list[1]).toMatch(/^Ama@example.com,Ama,admin,enabled,/);
    expect(list[2]).toMatch(/^kofi@example.com,kofi,sales,disabled \d{4}-/);

    const entries = await audit();
    expect(entries.map((e) => e.action)).toEqual([
      "staff.account-added",
      "staff.role-changed",
      "staff.account-added",
      "staff.disabled",
      "staff.role-changed",
    ]);
    expect(entries[1]?.detail).toMatchObject({ from: "sales", to: "admin" });
    expect(entries[0]?.detail.via).toMatch(/^command line \(/);
  });

  it("voids the unused sign-in links of the account it disables", async () => {
    await staff("add", "--email", "esi@example.com", "--role", "sales");
    const now = new Date();
    await requestSignInLink(db, "esi@example.com", { publicUrl: "https://site.test", now });
    const transport = recordingTransport();
    await testOutbox(db, transport).runOnce();
    const token = /token=([\w-]+)/.exec(transport.sent[0]?.text ?? "")?.[1] ?? "";
    expect(token).not.toBe("");

    expect(await staff("disable", "--email", "esi@example.com")).toMatch(/Disabled/);
    const account = await findAccountByEmail(db, "esi@example.com");
    if (!account) throw new Error("no account");
    expect(
      await db
        .selectFrom("staff_sign_in_tokens")
        .select("id")
        .where("account_id", "=", account.id)
        .where("used_at", "is", null)
        .where("voided_at", "is", null)
        .execute(),
    ).toEqual([]);
    const entry = (await audit()).filter((e) => e.record_id === account.id).at(-1);
    expect(entry).toMatchObject({ action: "staff.disabled", detail: { signInLinksVoided: 1 } });
    // Enabled again (from the console), the link sent before the disable signs nobody in.
    await changeAccount(db, account.id, { disabled: false }, { via: "test" });
    const verified = await verifySignInToken(db, token, {
      now: new Date(),
      client: "test",
      sessionMaxMs: 60_000,
    });
    expect(verified).toEqual({ ok: false, reason: "voided" });
  });

  it("refuses a bad role, address or command with a clear message", async () => {
    await expect(staff("add", "--email", "x@example.com", "--role", "boss")).rejects.toThrow(
      "Unknown role: boss. Use one of: admin, sales, marketing",
    );
    await expect(staff("add", "--email", "not-an-address", "--role", "sales")).rejects.toThrow(
      /Not an e-mail address/,
    );
    await expect(staff("add", "--role", "sales")).rejects.toThrow(/--email/);
    await expect(staff("add", "--email", "x@example.com")).rejects.toThrow(/--role is required/);
    await expect(staff("disable", "--email", "nobody@example.com")).rejects.toThrow(
      /No staff account/,
    );
    await expect(staff("promote")).rejects.toThrow(/Unknown command/);
    await expect(staff("list", "--bogus")).rejects.toThrow(/bogus/);
    expect(await staff()).toMatch(/^Usage:/);
  });

  it("adds an account only at STAFF_EMAIL_DOMAINS when set; one made before keeps working", async () => {
    await staff("add", "--email", "yaw@gmail.com", "--role", "sales");
    const atDomains = async (...args: string[]) => {
      let text = "";
      await run(args, (t) => (text += t), { db, emailDomains: ["akwaabapay.com"] });
      return text;
    };
    await expect(atDomains("add", "--email", "kofi@gmail.com", "--role", "sales")).rejects.toThrow(
      "Staff accounts must use an address at akwaabapay.com.",
    );
    expect(await findAccountByEmail(db, "kofi@gmail.com")).toBeNull();
    expect(await atDomains("add", "--email", "Kofi@AkwaabaPay.com", "--role", "sales")).toMatch(
      /^Added Kofi@akwaabapay.com as sales/,
    );
    expect(await atDomains("add", "--email", "yaw@gmail.com", "--role", "admin")).toBe(
      "yaw@gmail.com is now admin.\n",
    );
    // Not given, the domains are the configured ones: STAFF_EMAIL_DOMAINS, as the server reads it.
    vi.stubEnv("STAFF_EMAIL_DOMAINS", "akwaabapay.com");
    await expect(staff("add", "--email", "esi@gmail.com", "--role", "sales")).rejects.toThrow(
      "Staff accounts must use an address at akwaabapay.com.",
    );
  });

  it("refuses a name with hidden or control characters, as the console's invitation does", async () => {
    for (const bad of ["\u0000", "\u001b[2J", "\u0007", "\u007f", "\u0085", "\u202e", "\u2028"]) {
      await expect(
        staff("add", "--email", "yaw@example.com", "--role", "sales", "--name", `Yaw${bad}Mensah`),
      ).rejects.toThrow(`--name: ${UNSAFE_CHARACTERS_MESSAGE}`);
    }
    await expect(
      staff("add", "--email", "yaw@example.com", "--role", "sales", "--name", "Y".repeat(101)),
    ).rejects.toThrow("--name: Must be at most 100 characters");
    expect(
      await db
        .selectFrom("staff_accounts")
        .select("id")
        .where("email", "=", "yaw@example.com")
        .execute(),
    ).toEqual([]);
    expect(
      await staff("add", "--email", "yaw@example.com", "--role", "sales", "--name", " Yaw Mensah "),
    ).toMatch(/^Added yaw@example.com as sales/);
    expect(await staff("list")).toContain("yaw@example.com,Yaw Mensah,sales,enabled");
  });
});

describe("npm run staff as a command", () => {
  it("exits with 0 and what it did on the database at DATA_DIR, with 2 and the usage on a mistake", async () => {
    const dataDir = () => mkdtemp(path.join(tmpdir(), "staff-"));
    const [addedIn, mistakenIn] = await Promise.all([dataDir(), dataDir()]);
    const on = (dir: string) => ({ DATA_DIR: dir, DATABASE_URL: "" });
    // Both processes at once, each on a database of its own. The mistake is caught as it comes
    // (a failure, which the test expects), then looked at.
    const added = commandLine(
      "staff",
      ["add", "--email", "a@example.com", "--role", "admin"],
      on(addedIn),
    );
    const mistaken = commandLine(
      "staff",
      ["add", "--email", "a@example.com", "--role", "boss"],
      on(mistakenIn),
    ).catch((error: unknown) => error);
    expect((await added).stdout).toMatch(/^Added a@example.com as admin/);
    expect(await mistaken).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/Unknown role: boss[\s\S]*Usage:/),
    });
    const db = openDatabase({ sqliteFile: path.join(addedIn, "leads.sqlite") });
    expect(await findAccountByEmail(db, "a@example.com")).toMatchObject({ role: "admin" });
    await db.destroy();
  });
});
