import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { erasedSuppressionKey } from "../privacy/third-parties";
import { thirdPartyLabel } from "../privacy/third-parties";
import { useTestDatabase, testDialects } from "../testing/lead-api";
import type { DB } from "./database";
import { thirdPartyAddresses } from "./migrations/0019-third-party-addresses";

// Migration 0019 rewrites returned mail stored before decision 0039: a third party's address in
// an event's detail or raw message, or in a suppression entry's detail, becomes its hash.

const AT = "2026-11-27T04:00:00.000Z";

function event(id: string, email: string | null, detail: string, raw: string | null = null) {
  return {
    id,
    received_at: AT,
    source: "smtp" as const,
    source_ref: `<${id}>`,
    type: raw ? ("unclassified" as const) : ("complaint" as const),
    email,
    email_key: email?.toLowerCase() ?? null,
    subscription_id: null,
    outbox_id: null,
    campaign_id: null,
    status: null,
    detail,
    raw,
  };
}

function entry(id: string, email: string, emailKey: string, detail: string) {
  return {
    id,
    email,
    email_key: emailKey,
    reason: "complaint" as const,
    at: AT,
    detail,
    event_id: null,
  };
}

describe.each(testDialects)("migration 0019 (third-party addresses) on $name", ({ url }) => {
  let db: DB;
  useTestDatabase(url, (opened) => (db = opened));

  it("keeps each row's own address and only a hash of any other, and changes nothing the second time", async () => {
    await db
      .insertInto("mail_events")
      .values([
        {
          ...event("e1", "ama@example.com", "bea@other.example: complaint (abuse) reported by FBL"),
          source_ref: "<bea@other.example>",
        },
        event(
          "e2",
          "Ama@Example.com",
          "note",
          "From: AMA@example.com\r\n\r\nWrite to Bea@Other.example",
        ),
        event("e3", null, "Not a delivery or abuse report", "From: kofi@example.net"),
      ])
      .execute();
    await db
      .insertInto("mail_suppressions")
      .values([
        entry(
          "s1",
          "ama@example.com",
          "ama@example.com",
          "bea@other.example: 550 5.1.1 <bea@other.example>",
        ),
        // An erased person's entry names nobody in clear, not even its own person.
        entry("s2", "", erasedSuppressionKey("esi@example.com"), "esi@example.com: complaint"),
      ])
      .execute();
    const run = () => thirdPartyAddresses.up(db as unknown as Kysely<unknown>);
    const stored = async () => ({
      events: await db
        .selectFrom("mail_events")
        .select(["id", "detail", "raw"])
        .orderBy("id")
        .execute(),
      entries: await db
        .selectFrom("mail_suppressions")
        .select(["id", "detail"])
        .orderBy("id")
        .execute(),
    });
    await run();
    const bea = thirdPartyLabel("bea@other.example");
    const expected = {
      events: [
        { id: "e1", detail: `${bea}: complaint (abuse) reported by FBL`, raw: null },
        { id: "e2", detail: "note", raw: `From: AMA@example.com\r\n\r\nWrite to ${bea}` },
        {
          id: "e3",
          detail: "Not a delivery or abuse report",
          raw: `From: ${thirdPartyLabel("kofi@example.net")}`,
        },
      ],
      entries: [
        { id: "s1", detail: `${bea}: 550 5.1.1 <${bea}>` },
        { id: "s2", detail: `${thirdPartyLabel("esi@example.com")}: complaint` },
      ],
    };
    expect(await stored()).toEqual(expected);
    await run();
    expect(await stored()).toEqual(expected);
    // A ref naming another address is kept as the hash of the whole ref; a plain one as it was.
    const refs = await db.selectFrom("mail_events").select("source_ref").orderBy("id").execute();
    expect(refs.map((row) => row.source_ref)).toEqual([
      expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      "<e2>",
      "<e3>",
    ]);
  });
});
