import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { apiPaths } from "../../../common/paths";
import { pathOf } from "../../../staff-api/endpoint";
import { LeadDetail, leadsApi } from "../../../staff-api/leads";
import { leadDelivery, leadDetail } from "../../../staff-api/test-samples";
import { postJson, sampleContact, sampleDemo, sqliteOnly } from "../../testing/lead-api";
import { parsedAnswer, refusedWith, expectStrict } from "../../testing/checks";
import { ANY_VERSION } from "../../testing/staff-client";
import { signedInStaff, useStaffApi } from "../../testing/staff-api";

// Every answer of the lead inbox, read back as the console reads it: parsed with its contract
// schema, whose objects are strict (a field the server sends and the contract lacks fails, and so
// does one the contract requires and the server left out). The app under test also checks each
// answer before Fastify serialises it (checkAnswers, testing/staff-api.ts), where a missing field
// would otherwise be dropped silently.

const SECRET = `whsec_${randomBytes(32).toString("base64")}`;

describe.each(sqliteOnly)("the lead inbox's answers match the contract on $name", ({ url }) => {
  const api = useStaffApi(url, {
    config: {
      // Alerts on, so each lead has a delivery of each channel in its timeline.
      alerts: {
        slackUrl: "https://hooks.slack.com/services/T/B/X",
        webhook: { url: "https://crm.example.com/hooks", secret: SECRET },
      },
    },
  });

  it("answers every route, success and refusal, exactly as the contract says", async () => {
    for (const [path, body] of [
      [apiPaths.contact, sampleContact],
      [apiPaths.demo, sampleDemo],
    ] as const) {
      expect((await postJson(api.app, path, body)).statusCode).toBeLessThan(300);
    }
    const sales = await signedInStaff(api, "sales@example.com", "sales");
    const marketing = await signedInStaff(api, "marketing@example.com", "marketing");
    const { list, stats, exportCsv, get: one, update, addNote } = leadsApi;

    const listed = await sales.get(list.path);
    expect(listed.statusCode).toBe(200);
    const page = parsedAnswer(list.answers[200], listed.json());
    expect(page.items.map((lead) => lead.type).toSorted()).toEqual(["contact", "demo"]);

    const counted = await sales.get(stats.path);
    expect(parsedAnswer(stats.answers[200], counted.json()).count).toBe(2);

    for (const lead of page.items) {
      const path = pathOf(one, { id: lead.id });
      const version = String((await sales.get(path)).headers.etag);
      const change = { status: "contacted", owner: "sales@example.com" };
      const changed = await sales.send("PATCH", path, change, { "if-match": version });
      expect(changed.statusCode).toBe(200);
      parsedAnswer(update.answers[200], changed.json());
      // The same change again, on the version it replaced: refused with the lead as it now is.
      const stale = await sales.send("PATCH", path, { status: "won" }, { "if-match": version });
      expect(stale.statusCode).toBe(412);
      expect(parsedAnswer(update.answers[412], stale.json()).status).toBe("contacted");
      const noted = await sales.send("POST", pathOf(addNote, { id: lead.id }), {
        text: "Called back",
      });
      expect(noted.statusCode).toBe(201);
      parsedAnswer(addNote.answers[201], noted.json());

      const read = await sales.get(path);
      expect(read.statusCode).toBe(200);
      const detail = parsedAnswer(one.answers[200], read.json());
      expect(detail.timeline.map((entry) => entry.kind).toSorted()).toEqual([
        "delivery",
        "delivery",
        "delivery",
        "note",
        "owner",
        "status",
      ]);
      const channels = detail.timeline.flatMap((e) => (e.kind === "delivery" ? [e.channel] : []));
      expect(channels.toSorted()).toEqual(["email", "slack", "webhook"]);
    }

    const csv = await sales.get(exportCsv.path);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");

    // The refusals: each status each route lists, with its contract's body.
    const missing = pathOf(one, { id: "demo_00000000-0000-0000-0000-000000000000" });
    const refusals = [
      [await sales.get(`${list.path}?limit=0`), 400],
      [await sales.get(`${stats.path}?since=2026-02-30`), 400],
      [await sales.get(`${exportCsv.path}?status=nope`), 400],
      [await api.signedOut().get(list.path), 401],
      [await marketing.get(stats.path), 403],
      [await sales.get(missing), 404],
      [await sales.get(pathOf(one, { id: "lead_1" })), 404],
      [await sales.send("PATCH", missing, { status: "won" }, ANY_VERSION), 404],
      [await sales.send("PATCH", missing.replace("demo_", "x"), { status: "?" }), 404],
      [await sales.send("PATCH", pathOf(one, { id: page.items[0]?.id ?? "" }), {}), 428],
      [await sales.send("POST", `${missing}/notes`, { text: "" }), 400],
    ] as const;
    for (const [res, status] of refusals) refusedWith(status, res);
  });
});

describe("strict answers", () => {
  const delivery = leadDelivery({ channel: "slack", sentAt: null });
  const detail = leadDetail({ timeline: [delivery] });

  it("refuse a field the contract lacks, and one it requires that is missing", () => {
    const { channel: _, ...withoutChannel } = delivery;
    const withExtra = { ...delivery, recipient: "x" };
    expectStrict(LeadDetail, detail, [
      { ...detail, extra: 1 },
      { ...detail, timeline: [withoutChannel] },
      { ...detail, timeline: [withExtra] },
    ]);
  });
});
