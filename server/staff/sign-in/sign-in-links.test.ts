import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { run as staffCli } from "../../cli/staff";
import { testDialects } from "../../testing/lead-api";
import { cookieOf } from "../../testing/staff-client";
import { STAFF_SITE, addStaff, useStaffApi } from "../../testing/staff-api";
import { signInSteps } from "./sign-in.testing";
import { MINUTE } from "../../testing/records";
import { sessionApi } from "../../../staff-api/session";

describe.each(testDialects)("staff sign-in and sessions on $name", ({ url }) => {
  const api = useStaffApi(url);

  const { requestLink, mailedToken, verify, auditOf } = signInSteps(api);

  it("answers 202 to every address and mails a link only to an enabled account", async () => {
    await addStaff(api, "ama@example.com", "sales", "Ama Mensah");
    await addStaff(api, "kofi@example.com", "marketing");
    await staffCli(["disable", "--email", "kofi@example.com"], () => {}, {
      db: api.db,
      now: api.clock.now,
    });

    const answers = [];
    for (const email of ["AMA@example.com", "nobody@example.com", "kofi@example.com"]) {
      const res = await requestLink(email);
      answers.push({ status: res.statusCode, body: res.json() as unknown });
    }
    expect(answers[0]?.status).toBe(202);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);

    await api.outbox.runOnce();
    expect(api.transport.sent.map((m) => m.to)).toEqual(["ama@example.com"]);
    const [message] = api.transport.sent;
    expect(message?.text).toContain("Hello Ama Mensah");
    const token = await mailedToken("ama@example.com");
    expect(message?.html).toContain(`href="${STAFF_SITE}/staff/sign-in?token=${token}"`);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);

    // Only the token's hash is stored; the outbox row is of its own kind.
    const rows = await api.db.selectFrom("staff_sign_in_tokens").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(token);
    const outbox = await api.db.selectFrom("outbox").select(["kind", "status"]).execute();
    expect(outbox).toEqual([{ kind: "staff-sign-in", status: "sent" }]);
    // Once sent, the stored message no longer holds the link.
    const stored = await api.db.selectFrom("outbox").selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it("signs in once with a valid token, and refuses it used, expired or unknown", async () => {
    const account = await addStaff(api, "esi@example.com", "admin", "Esi");
    await requestLink("esi@example.com");
    const token = await mailedToken("esi@example.com");

    // Opening the link (GET) signs nobody in.
    const opened = await api.app.inject({ url: `${sessionApi.verify.path}?token=${token}` });
    expect(opened.statusCode).toBe(405);

    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: "esi@example.com", name: "Esi", role: "admin" });
    const setCookie = String(res.headers["set-cookie"]);
    const cookie = cookieOf(res);
    expect(setCookie).toMatch(
      /^staff_session=[\w-]{43}; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict$/,
    );
    expect(res.headers["cache-control"]).toBe("no-store");

    const reused = await verify(token);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ error: expect.any(String) });

    await requestLink("esi@example.com");
    const late = await mailedToken("esi@example.com");
    api.advance(15 * MINUTE + 1000);
    expect((await verify(late)).statusCode).toBe(401);

    const unknown = await verify("A".repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(reused.json());

    const audit = await auditOf(account.id);
    expect(audit.map((e) => [e.action, JSON.parse(e.detail).reason])).toEqual([
      ["staff.account-added", undefined],
      ["staff.sign-in", undefined],
      ["staff.sign-in-failed", "used"],
      ["staff.sign-in-failed", "expired"],
    ]);
    const anonymous = await api.db
      .selectFrom("audit_log")
      .select(["detail"])
      .where("action", "=", "staff.sign-in-failed")
      .where("actor_id", "is", null)
      .execute();
    expect(anonymous.map((e) => JSON.parse(e.detail).reason)).toContain("unknown");
    // No secret in the log.
    const all = JSON.stringify(await api.db.selectFrom("audit_log").selectAll().execute());
    expect(all).not.toContain(token);
    expect(all).not.toContain(cookie.split("=")[1]);
  });

  it("lets exactly one of two concurrent verifies of one token succeed", async () => {
    await addStaff(api, "yaw@example.com");
    for (let round = 0; round < 5; round++) {
      await requestLink("yaw@example.com");
      const token = await mailedToken("yaw@example.com");
      const second = await api.anotherInstance();
      const answers = await Promise.all([verify(token), verify(token, second), verify(token)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401]);
    }
    const sessions = await api.db.selectFrom("staff_sessions").select("id").execute();
    expect(sessions).toHaveLength(5);
  });
});
