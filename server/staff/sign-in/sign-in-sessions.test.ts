import { describe, expect, it } from "vitest";
import { run as staffCli } from "../../cli/staff";
import { testDialects } from "../../testing/lead-api";
import { addStaff, useStaffApi } from "../../testing/staff-api";
import { signInSteps } from "./sign-in.testing";
import { MINUTE } from "../../testing/records";
import { sessionApi } from "../../../staff-api/session";
import { unchecked } from "../../testing/staff-client";
import { answered } from "../../testing/checks";

const HOUR = 60 * MINUTE;

describe.each(testDialects)("staff sign-in and sessions on $name", ({ url }) => {
  const api = useStaffApi(url);

  const { requestLink, mailedToken, verify, signIn, me, auditOf } = signInSteps(api);

  it("keeps a session while it is used, and ends it after idle time or at the maximum", async () => {
    await addStaff(api, "abena@example.com", "marketing", "Abena");
    const session = await signIn("abena@example.com");
    expect(session).toMatch(/^staff_session=/);

    expect(answered(sessionApi.me, await me(session), 200)).toEqual({
      email: "abena@example.com",
      name: "Abena",
      role: "marketing",
      away: false,
    });
    expect((await me("")).statusCode).toBe(401);
    expect((await me("staff_session=nonsense")).statusCode).toBe(401);

    const lastSeen = async () =>
      (await api.db.selectFrom("staff_sessions").select("last_seen_at").executeTakeFirstOrThrow())
        .last_seen_at;
    // Every request moves last_seen_at.
    api.advance(30_000);
    expect((await me(session)).statusCode).toBe(200);
    expect(await lastSeen()).toBe(api.clock.now.toISOString());
    api.advance(1_000);
    expect((await me(session)).statusCode).toBe(200);
    expect(await lastSeen()).toBe(api.clock.now.toISOString());

    // Used every 29 minutes it lives on; 30 minutes idle ends it.
    api.advance(29 * MINUTE);
    expect((await me(session)).statusCode).toBe(200);
    api.advance(30 * MINUTE);
    const idle = await me(session);
    expect(idle.statusCode).toBe(401);
    expect(String(idle.headers["set-cookie"])).toMatch(/^staff_session=; .*Max-Age=0/);

    // However busy, a session ends 12 hours after sign-in.
    const busy = await signIn("abena@example.com");
    for (let elapsed = 0; elapsed < 12 * HOUR - 20 * MINUTE; elapsed += 20 * MINUTE) {
      api.advance(20 * MINUTE);
      expect((await me(busy)).statusCode, `after ${elapsed}`).toBe(200);
    }
    api.advance(20 * MINUTE);
    expect((await me(busy)).statusCode).toBe(401);
  });

  it("signs out one browser, or every browser, in the database", async () => {
    const account = await addStaff(api, "kwame@example.com");
    const laptop = await signIn("kwame@example.com");
    const phone = await signIn("kwame@example.com");
    const tablet = await signIn("kwame@example.com");

    const out = await api.as(laptop).call(sessionApi.signOut);
    expect(out.statusCode).toBe(204);
    expect(String(out.headers["set-cookie"])).toMatch(/^staff_session=; .*Max-Age=0/);
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(200);
    // Signing out again with the dead cookie: 401, nothing to do.
    expect(
      (await api.as(laptop).call(sessionApi.signOut, { body: unchecked({}) })).statusCode,
    ).toBe(401);

    const everywhere = await api
      .as(phone)
      .call(sessionApi.signOutEverywhere, { body: unchecked({}) });
    expect(everywhere.statusCode).toBe(204);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(tablet)).statusCode).toBe(401);
    const revoked = await api.db
      .selectFrom("staff_sessions")
      .select("revoked_at")
      .where("account_id", "=", account.id)
      .execute();
    expect(revoked.every((s) => s.revoked_at !== null)).toBe(true);

    // The next sign-in clears the dead sessions away.
    const fresh = await signIn("kwame@example.com");
    const left = await api.db
      .selectFrom("staff_sessions")
      .select("revoked_at")
      .where("account_id", "=", account.id)
      .execute();
    expect(left).toEqual([{ revoked_at: null }]);
    expect((await me(fresh)).statusCode).toBe(200);

    const actions = (await auditOf(account.id)).map((e) => e.action);
    expect(actions.filter((a) => a.startsWith("staff.sign-out"))).toEqual([
      "staff.sign-out",
      "staff.sign-out-everywhere",
    ]);
  });

  it("ends a disabled account's sessions at once, and its links stop working", async () => {
    const account = await addStaff(api, "efua@example.com", "admin");
    const session = await signIn("efua@example.com");
    await requestLink("efua@example.com");
    const unused = await mailedToken("efua@example.com");

    const out: string[] = [];
    await staffCli(["disable", "--email", "EFUA@example.com"], (t) => out.push(t), {
      db: api.db,
      now: api.clock.now,
    });
    expect(out.join("")).toMatch(/Disabled EFUA@example.com; its sessions are revoked/);
    expect((await me(session)).statusCode).toBe(401);
    expect((await verify(unused)).statusCode).toBe(401);
    expect((await requestLink("efua@example.com")).statusCode).toBe(202);
    await api.outbox.runOnce();
    expect(api.transport.sent.filter((m) => m.to === "efua@example.com")).toHaveLength(2);

    const audit = await auditOf(account.id);
    expect(audit.map((e) => e.action)).toEqual([
      "staff.account-added",
      "staff.sign-in",
      "staff.disabled",
      "staff.sign-in-failed",
    ]);
    expect(JSON.parse(audit[2]?.detail ?? "{}")).toMatchObject({ sessionsRevoked: 1 });
  });
});
