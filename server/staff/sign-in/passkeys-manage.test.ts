import { describe, expect, it } from "vitest";
import { testDialects } from "../../testing";
import { TestAuthenticator } from "./testing-authenticator";
import { cookieOf } from "../test-requests";
import { STAFF_SITE, signedInStaff, useStaffApi } from "../testing";
import {
  register,
  signInOptions,
  signInVerify,
  me,
  list,
  auditOf,
  passkeyPath,
} from "./passkeys.testing";

const MINUTE = 60_000;

describe.each(testDialects)("staff passkeys on $name", ({ url }) => {
  const api = useStaffApi(url);

  it("lets people manage only their own passkeys", async () => {
    const ama = await signedInStaff(api, "ama@example.com", "sales");
    const kofi = await signedInStaff(api, "kofi@example.com", "sales");
    const amaKey = new TestAuthenticator();
    const added = await register(api, ama.cookie, amaKey, { name: "Ama's key" });
    const { id } = added.json<{ id: string }>();
    expect((await register(api, kofi.cookie, new TestAuthenticator())).statusCode).toBe(201);

    expect((await list(api, kofi.cookie)).json<{ items: unknown[] }>().items).toHaveLength(1);
    expect(JSON.stringify((await list(api, kofi.cookie)).json())).not.toContain(id);

    const as = (cookie: string, method: "PATCH" | "DELETE", path: string, payload?: object) =>
      api.as(cookie).send(method, path, payload);
    for (const path of [
      passkeyPath(id),
      passkeyPath("00000000-0000-0000-0000-000000000000"),
      passkeyPath("not-an-id"),
      passkeyPath("%00"),
      passkeyPath("register"),
    ]) {
      const rename = await as(kofi.cookie, "PATCH", path, { name: "Mine now" });
      expect(rename.statusCode, path).toBe(404);
      expect(rename.json()).toEqual({ error: "No such passkey" });
      expect((await as(kofi.cookie, "DELETE", path)).statusCode, path).toBe(404);
    }
    expect((await list(api, ama.cookie)).json()).toMatchObject({
      items: [{ id, name: "Ama's key" }],
    });

    const removed = await as(ama.cookie, "DELETE", passkeyPath(id));
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe("");
    expect((await as(ama.cookie, "DELETE", passkeyPath(id))).statusCode).toBe(404);
    expect((await list(api, ama.cookie)).json()).toEqual({ items: [] });
    // A removed passkey signs nobody in.
    const res = await signInVerify(api, amaKey.signIn(await signInOptions(api), STAFF_SITE));
    expect(res.statusCode).toBe(401);

    const actions = (await auditOf(api, ama.account.id)).map((e) => [e.action, e.record_id]);
    expect(actions).toEqual([
      ["passkey.added", id],
      ["passkey.removed", id],
    ]);
  });

  it("ends the sessions a passkey opened when it is removed, the remover's own too", async () => {
    const { account, cookie: byLink } = await signedInStaff(api, "efua@example.com", "sales");
    const lost = new TestAuthenticator();
    const kept = new TestAuthenticator();
    const { id: lostId } = (await register(api, byLink, lost)).json<{ id: string }>();
    const { id: keptId } = (await register(api, byLink, kept)).json<{ id: string }>();
    const signInWith = async (authenticator: TestAuthenticator) => {
      const res = await signInVerify(
        api,
        authenticator.signIn(await signInOptions(api), STAFF_SITE),
      );
      expect(res.statusCode).toBe(200);
      return cookieOf(res);
    };
    const phone = await signInWith(lost);
    const thief = await signInWith(lost);
    const laptop = await signInWith(kept);
    const opened = await api.db
      .selectFrom("staff_sessions")
      .select("passkey_id")
      .where("account_id", "=", account.id)
      .orderBy("created_at")
      .execute();
    expect(opened.map((s) => s.passkey_id).sort()).toEqual([lostId, lostId, keptId, null].sort());
    const remove = (cookie: string, id: string) => api.as(cookie).send("DELETE", passkeyPath(id));

    // Removed from a session it opened: that session ends too, and its cookie is cleared.
    const removed = await remove(phone, lostId);
    expect(removed.statusCode).toBe(204);
    expect(String(removed.headers["set-cookie"])).toMatch(/^staff_session=; .*Max-Age=0/);
    const statuses = async () =>
      Promise.all([phone, thief, laptop, byLink].map(async (c) => (await me(api, c)).statusCode));
    expect(await statuses()).toEqual([401, 401, 200, 200]);

    // Removed from another session: only the sessions it opened end.
    api.advance(MINUTE);
    const other = await remove(byLink, keptId);
    expect(other.statusCode).toBe(204);
    expect(other.headers["set-cookie"]).toBeUndefined();
    expect(await statuses()).toEqual([401, 401, 401, 200]);

    const entries = (await auditOf(api, account.id)).filter((e) => e.action === "passkey.removed");
    expect(entries.map((e) => [e.record_id, JSON.parse(e.detail)])).toEqual([
      [lostId, { sessionsRevoked: 2 }],
      [keptId, { sessionsRevoked: 1 }],
    ]);
  });
});
