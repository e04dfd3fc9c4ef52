import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { migrate, openDatabase } from "../db/database";
import { sampleContact, sampleDemo, storeLeadOfEachKind } from "../testing/lead-api";
import { CSV_BOM, csvCell, toCsv, toSafeJson } from "../../common/csv";
import { UsageError } from "./command";
import { commandLine } from "./command.testing";
import { run } from "./leads";

/**
 * `npm run leads` in this process, on the SQLite database in `dataDir` and with `env`, read as
 * the command reads its settings: from the environment (put back after each test).
 */
function leadsOn(dataDir: string, env: Record<string, string> = {}) {
  vi.stubEnv("DATA_DIR", dataDir);
  vi.stubEnv("DATABASE_URL", undefined);
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  return async (args: string[]) => {
    let text = "";
    await run(args, (t) => (text += t));
    return text;
  };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

/**
 * A new SQLite database in a folder of its own, migrated and holding `leads`: the "server", an
 * open connection that has written leads and stays open while the command runs beside it.
 */
async function serverWithLeads(leads: Parameters<typeof storeLeadOfEachKind>[1]) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "leads-"));
  const server = openDatabase({ sqliteFile: path.join(dataDir, "leads.sqlite") });
  await migrate(server);
  await storeLeadOfEachKind(server, leads);
  return { dataDir, server };
}

describe("CSV export cells", () => {
  it("quotes commas, quotes and newlines", () => {
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe("");
  });

  it("defuses spreadsheet formulas", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell("+233550000000")).toBe("'+233550000000");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(toCsv(["a"], [{ a: "ok" }])).toBe(`${CSV_BOM}a\r\nok\r\n`);
  });

  it("never writes raw control characters, in CSV or JSON", () => {
    const stored = "Ama\u0000\u001b[2J\u0007\u007f\u0085\u202eX\rY\r\nZ\tend";
    const cell = csvCell(stored);
    expect(cell).toBe('"Ama␀␛[2J␇␡��X␍Y\r\nZ\tend"');
    // eslint-disable-next-line no-control-regex
    const raw = /[\u0000-\u0008\u000b-\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e]/;
    expect(cell).not.toMatch(raw);
    const json = toSafeJson([{ message: stored }]);
    expect(json).not.toMatch(raw);
    expect(JSON.parse(json)).toEqual([{ message: stored }]);
  });
});

describe("npm run leads -- export", () => {
  it("prints stored leads as CSV or JSON while the server holds the database open", async () => {
    const { dataDir, server } = await serverWithLeads({
      contact: { ...sampleContact, phone: "+233 55", message: "=1+1, hi" },
      demo: {
        product: "banking",
        source: { landingPage: "/services/ussd", utmSource: "facebook", utmCampaign: "harmattan" },
        formData: { ...sampleDemo.formData, name: "Kofi", industry: "Finance" },
      },
      demoPage: "/schedule-banking-demo",
      subscriber: "esi@x.gh",
    });

    const cli = leadsOn(dataDir);

    const csv = await cli(["export", "--type", "contact"]);
    // A file to open in a spreadsheet: UTF-8's byte order mark first, so names read right.
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    const [header, line] = csv.slice(CSV_BOM.length).trimEnd().split("\r\n");
    expect(header).toBe(
      "created_at,first_name,last_name,email,phone,message,policy_agreed_at,form_page,landing_page,referrer,utm_source,utm_medium,utm_campaign,utm_term,utm_content",
    );
    expect(line).toContain(`Ama,Mensah,ama@example.com,'+233 55,"'=1+1, hi"`);

    const json = JSON.parse(await cli(["export", "--type", "demo", "--format", "json"])) as Record<
      string,
      string
    >[];
    expect(json).toEqual([
      expect.objectContaining({
        product: "banking",
        page: "/schedule-banking-demo",
        name: "Kofi",
        industry: "Finance",
        form_page: "/schedule-banking-demo",
        landing_page: "/services/ussd",
        referrer: null,
        utm_source: "facebook",
        utm_campaign: "harmattan",
      }),
    ]);

    const news = await cli(["export", "--type", "newsletter"]);
    expect(news).toContain("esi@x.gh,pending");
    expect(news).not.toMatch(/token/);

    const future = await cli(["export", "--type", "contact", "--since", "2999-01-01"]);
    expect(future.trim().split("\r\n")).toHaveLength(1);

    await expect(cli(["export", "--type", "everything"])).rejects.toThrow(
      new UsageError("--type must be one of: newsletter, contact, demo"),
    );

    // Mail that keeps failing is marked failed by the outbox and listed for staff.
    await server
      .updateTable("outbox")
      .set({ status: "failed", attempts: 8, last_error: "550 mailbox unavailable" })
      .where("kind", "=", "demo")
      .execute();
    const failed = (await cli(["outbox", "--status", "failed"])).trim().split("\r\n");
    expect(failed).toHaveLength(2);
    expect(failed[1]).toMatch(/,demo,failed,8,.*,550 mailbox unavailable,/);

    // A person's erasure request.
    expect(await cli(["forget", "--email", "AMA@example.com"])).toMatch(/Removed 2 row\(s\)/);
    // Recorded in the audit log, which is never erased: the counts, not the address.
    const erasures = await server
      .selectFrom("audit_log")
      .select(["actor_id", "detail"])
      .where("action", "=", "person.erased")
      .execute();
    expect(erasures).toHaveLength(1);
    expect(erasures[0]?.actor_id).toBeNull();
    expect(erasures[0]?.detail).not.toMatch(/ama/i);
    expect(JSON.parse(erasures[0]?.detail ?? "{}")).toMatchObject({
      erased: { contact_messages: 1 },
      via: expect.stringMatching(/^command line \(/),
    });
    expect((await cli(["export", "--type", "contact"])).trim().split("\r\n")).toHaveLength(1);
    await server.destroy();
  });
});

describe("npm run leads -- retention", () => {
  it("prints what a run would remove, then removes it, as of the day given", async () => {
    // Today's contact message (open: nobody answered it), its e-mail, and a sign-up not confirmed.
    const { dataDir, server } = await serverWithLeads({ subscriber: "esi@x.gh" });
    await server.updateTable("outbox").set({ status: "sent" }).execute();
    const leads = leadsOn(dataDir, { PENDING_SUBSCRIPTION_DAYS: "7" });
    const cli = (args: string[]) => leads(["retention", ...args]);

    const dry = await cli(["--dry-run", "--as-of", "2099-01-01"]);
    expect(dry).toMatch(
      /^Dry run as of 2099-01-01 \(LEAD_RETENTION_MONTHS=24, PENDING_SUBSCRIPTION_DAYS=7, MESSAGE_BODY_RETENTION_DAYS=90\): nothing was changed/,
    );
    expect(dry).toContain("  1 newsletter sign-up never confirmed deleted\n");
    expect(dry).toContain("  1 e-mail to those sign-ups deleted\n");
    // The contact message's and the demo request's notifications; the leads are open.
    expect(dry).toContain("  2 sent or failed messages' bodies removed\n");
    expect(dry).toContain("  0 closed contact messages anonymised\n");
    expect(await server.selectFrom("newsletter_subscriptions").select("id").execute()).toHaveLength(
      1,
    );

    const ran = await cli(["--as-of", "2099-01-01"]);
    expect(ran).toMatch(/^Retention as of 2099-01-01 /);
    expect(ran).toContain("  1 newsletter sign-up never confirmed deleted\n");
    expect(await server.selectFrom("newsletter_subscriptions").select("id").execute()).toEqual([]);
    const entry = await server
      .selectFrom("audit_log")
      .select("detail")
      .where("action", "=", "retention.ran")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.detail)).toMatchObject({ via: expect.stringMatching(/^command line/) });

    expect(await cli(["--as-of", "2099-01-01"])).toContain("Nothing had expired.");
    await expect(cli(["--as-of", "2099-02-30"])).rejects.toThrow(
      new UsageError("--as-of must be a day, YYYY-MM-DD: 2099-02-30"),
    );
    await server.destroy();
  });
});

describe("npm run leads as a command", () => {
  it("reads the server's database beside the server's open connection; a mistake exits with 2 and the usage", async () => {
    const { dataDir, server } = await serverWithLeads({});
    const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
    // Both processes at once: neither waits on the other. The mistake is caught as it comes
    // (a failure, which the test expects), then looked at.
    const exported = commandLine("leads", ["export", "--type", "contact"], env);
    const mistake = commandLine("leads", ["export", "--type", "everything"], env).catch(
      (error: unknown) => error,
    );
    const [header, line] = (await exported).stdout.split("\r\n");
    expect(header).toMatch(new RegExp(`^${CSV_BOM}created_at,first_name,`));
    expect(line).toContain(",Ama,Mensah,ama@example.com,");
    expect(await mistake).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--type must be one of[\s\S]*Usage:/),
    });
    await server.destroy();
  });
});
