import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { peopleApi } from "../../../staff-api/people";
import { suppressionsApi } from "../../../staff-api/mail";
import type { DB } from "../../db/database";
import { storedColumns } from "../../people/schema-walk";
import { signedInStaff, useStaffApi } from "../../testing/staff-api";
import { subscriptionRow, subscriptionStatus, testDialects } from "../../testing/lead-api";
import { INBOUND, emptyReturns, subscriberWithMail } from "./inbound/inbound.testing";
import { readReturnedMessage } from "./inbound/read-report";
import { arfMessage, autoReplyMessage, dsnMessage } from "./inbound/report-samples.testing";
import { readReturnAddress } from "./return-path";
import { recordReturnedMail } from "./returns";
import { erasedSuppressionKey } from "../../privacy/third-parties";
import { thirdPartyLabel, withoutThirdParties } from "../../privacy/third-parties";
import { erasureApi } from "../../../staff-api/admin";

// A bounce or complaint that comes back for subscriber A but names B keeps B only as a hash,
// and neither erasure leaves B's address anywhere (docs/decisions/0039-third-party-addresses-
// in-returned-mail.md).

const A = "ama@example.com";
const B = "Bea.Owusu@Other.example";
/** B as the comparisons see it: every text below is searched for it in any case. */
const B_KEY = "bea.owusu@other.example";

/** Each "table.column" (every text column of every table) that holds `needle`, in any case. */
async function whereStored(db: DB, needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column } of await storedColumns(db)) {
    const hit = await sql<{ n: number }>`select 1 as n from ${sql.table(table)}
      where lower(cast(${sql.ref(column)} as text)) like ${`%${needle.toLowerCase()}%`} limit 1`.execute(
      db,
    );
    if (hit.rows.length) found.push(`${table}.${column}`);
  }
  return found;
}

describe.each(testDialects)("third parties in returned mail on $name", ({ url }) => {
  const api = useStaffApi(url);

  beforeEach(() => emptyReturns(api.db));

  /** A's confirmation e-mail comes back to its return path as `message` says. */
  async function returned(message: string, returnPath: string) {
    const tag = readReturnAddress(INBOUND, returnPath);
    for (const mail of await readReturnedMessage(Buffer.from(message), api.clock.now)) {
      await recordReturnedMail(api.db, { ...mail, source: "smtp", tag });
    }
  }

  /** A complaint and a hard bounce for A, both of whose reports name B. */
  async function reportsNamingB() {
    const ama = await subscriberWithMail(api.db, A);
    // Whoever writes a report chooses its Message-ID too.
    const arf = arfMessage({ to: ama.returnPath, rcptTo: B, messageId: `<${B}>` });
    await returned(arf, ama.returnPath);
    const diagnostic = `550 5.1.1 <${B}>: Recipient address rejected`;
    const dsn = dsnMessage({
      to: ama.returnPath,
      recipients: [{ email: B, action: "failed", status: "5.1.1", diagnostic }],
    });
    await returned(dsn, ama.returnPath);
    return ama;
  }

  const erase = async (email: string) => {
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const res = await admin.call(erasureApi.forget, { body: { email } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().erased as Record<string, number>;
  };

  it("keeps B only as a hash: in the stored rows and in the suppression list marketing reads", async () => {
    await reportsNamingB();
    const marketing = await signedInStaff(api, "mkt@example.com", "marketing");
    const list = await marketing.call(suppressionsApi.list, { query: {} });
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toEqual([
      expect.objectContaining({
        email: A,
        reason: "complaint",
        detail: `${thirdPartyLabel(B)}: complaint (abuse) reported by ExampleFBL/1.0`,
      }),
    ]);
    const events = await api.db.selectFrom("mail_events").select(["email", "detail"]).execute();
    expect(events).toHaveLength(2);
    for (const event of events) {
      expect(event.email).toBe(A);
      expect(event.detail).toContain(thirdPartyLabel(B));
    }
    expect(await whereStored(api.db, B_KEY)).toEqual([]);
    // The whole hash is kept, so the address finds what named it.
    const found = await marketing.call(suppressionsApi.list, { query: { q: B } });
    expect(found.json().items).toEqual([expect.objectContaining({ email: A })]);
  });

  it("gives B's access request nothing: B's address is not stored, and A's reports are A's", async () => {
    await reportsNamingB();
    const admin = await signedInStaff(api, "admin@example.com", "admin");
    const exported = await admin.call(peopleApi.export, { query: { email: B } });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json()).toMatchObject({
      subscriptions: [],
      messages: [],
      suppressions: { entry: null, events: [] },
    });
    // Nor the hash in A's reports: those are about A's mail, which is not B's to read.
    expect(exported.body).not.toContain(erasedSuppressionKey(B));
  });

  it.each([
    ["A's erasure, then B's", [A, B], { first: 0, then: 1 }],
    ["B's erasure, then A's", [B, A], { first: 3, then: 0 }],
  ] as const)(
    "leaves B's address, and at last its hash, in no table: %s",
    async (_, order, mentions) => {
      await reportsNamingB();
      const first = await erase(order[0]);
      expect(await whereStored(api.db, B_KEY)).toEqual([]);
      const then = await erase(order[1]);
      // B's erasure takes B's hash out of A's complaint, bounce and suppression entry.
      expect([first.mail_mentions, then.mail_mentions]).toEqual([mentions.first, mentions.then]);
      expect(await whereStored(api.db, B_KEY)).toEqual([]);
      expect(await whereStored(api.db, erasedSuppressionKey(B))).toEqual([]);
      // A's entry stays, kept as a hash of A's address, with the complaint behind it.
      const entries = await api.db
        .selectFrom("mail_suppressions")
        .select(["email_key", "reason", "detail"])
        .execute();
      expect(entries).toEqual([
        {
          email_key: erasedSuppressionKey(A),
          reason: "complaint",
          detail: "another address: complaint (abuse) reported by ExampleFBL/1.0",
        },
      ]);
    },
  );

  it("finds B in clear in any case in a report stored before, and takes it out", async () => {
    const ama = await subscriberWithMail(api.db, A);
    await returned(autoReplyMessage({ to: ama.returnPath }), ama.returnPath);
    await api.db
      .updateTable("mail_events")
      .set({ raw: `Forwarded to ${B.toUpperCase()}, reply to ${A}` })
      .execute();
    expect(await erase(B)).toMatchObject({ mail_mentions: 1, mail_events: 0 });
    const { raw } = await api.db.selectFrom("mail_events").select("raw").executeTakeFirstOrThrow();
    expect(raw).toBe(`Forwarded to another address, reply to ${A}`);
  });

  it("keeps an out-of-office reply for review with the subscriber's address only", async () => {
    const ama = await subscriberWithMail(api.db, A);
    const reply = autoReplyMessage({ to: ama.returnPath }).replace(
      "I am away until Monday.",
      `I am away until Monday; write to ${B} meanwhile.`,
    );
    await returned(reply, ama.returnPath);
    const { raw } = await api.db.selectFrom("mail_events").select("raw").executeTakeFirstOrThrow();
    expect(raw).toContain(`From: Ama Mensah <${A}>`);
    expect(raw).toContain(`write to ${thirdPartyLabel(B)} meanwhile.`);
    expect(await whereStored(api.db, B_KEY)).toEqual([]);
  });

  it("a report for a subscriber who is gone neither stores, suppresses nor unsubscribes whom it names", async () => {
    const ama = await subscriberWithMail(api.db, A);
    const bea = subscriptionRow(B_KEY, "confirmed", api.clock.now.toISOString());
    await api.db.insertInto("newsletter_subscriptions").values(bea).execute();
    await erase(A);
    await returned(arfMessage({ to: ama.returnPath, rcptTo: B }), ama.returnPath);
    const events = await api.db.selectFrom("mail_events").select(["email", "detail"]).execute();
    expect(events).toEqual([
      {
        email: null,
        detail: `${thirdPartyLabel(B)}: complaint (abuse) reported by ExampleFBL/1.0`,
      },
    ]);
    expect(await api.db.selectFrom("mail_suppressions").select("email").execute()).toEqual([]);
    expect(await subscriptionStatus(api.db, bea.id)).toBe("confirmed");
  });
});

describe("withoutThirdParties", () => {
  it("keeps the subscriber's address in any spelling, hashes every other, and grows nothing past its limit", () => {
    expect(withoutThirdParties(`AMA@Example.com wrote to <${B}>`, A, 500)).toBe(
      `AMA@Example.com wrote to <${thirdPartyLabel(B)}>`,
    );
    // With no subscriber known, nobody is kept in clear; each address has the hash of its key.
    expect(withoutThirdParties(`${A}, ${B_KEY.toUpperCase()}`, null, 500)).toBe(
      `${thirdPartyLabel(A)}, ${thirdPartyLabel(B)}`,
    );
    // A message made of addresses is not stored many times its size.
    const message = "x@y.gh ".repeat(10_000);
    const kept = withoutThirdParties(message, A, message.length);
    expect(kept).toHaveLength(message.length);
    expect(kept).not.toContain("x@y.gh");
  });
});
