import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/server";
import { describe, expect, it } from "vitest";
import { testDialects } from "../../testing/lead-api";
import { TestAuthenticator } from "./authenticator.testing";
import { cookieOf, unchecked } from "../../testing/staff-client";
import { STAFF_SITE, signedInStaff, useStaffApi } from "../../testing/staff-api";
import { hashSecret } from "./tokens";
import { register, signInOptions, signInVerify, me, list, auditOf } from "./passkeys.testing";
import { MINUTE } from "../../testing/records";
import { answered } from "../../testing/checks";
import { passkeysApi } from "../../../staff-api/passkeys";
import { sessionApi } from "../../../staff-api/session";

describe.each(testDialects)("staff passkeys on $name", ({ url }) => {
  const api = useStaffApi(url);

  it("registers, lists, renames, and signs in with a passkey after signing out", async () => {
    const { account, cookie } = await signedInStaff(api, "ama@example.com", "admin");
    const authenticator = new TestAuthenticator();

    const optionsRes = await api.as(cookie).call(passkeysApi.registerOptions, { body: {} });
    expect(optionsRes.statusCode).toBe(200);
    expect(optionsRes.headers["cache-control"]).toBe("no-store");
    const options = optionsRes.json<PublicKeyCredentialCreationOptionsJSON>();
    expect(options).toMatchObject({
      rp: { id: "localhost", name: "Akwaaba Pay" },
      user: { name: "ama@example.com", displayName: "ama" },
      excludeCredentials: [],
      attestation: "none",
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    });
    // The user handle is the account's id, not its address.
    expect(Buffer.from(options.user.id, "base64url").toString()).toBe(account.id);
    expect(options.pubKeyCredParams.map((p) => p.alg)).toContain(-7);
    // Only the challenge's hash is stored, bound to this session.
    const pending = await api.db.selectFrom("staff_passkey_challenges").selectAll().execute();
    expect(pending).toEqual([
      expect.objectContaining({
        challenge_hash: hashSecret(options.challenge),
        purpose: "registration",
        session_id: expect.any(String),
      }),
    ]);

    const credential = authenticator.register(options, STAFF_SITE);
    const added = await api.as(cookie).call(passkeysApi.registerVerify, {
      body: unchecked({ ...credential, name: "  Work phone " }),
    });
    expect(added.statusCode).toBe(201);
    const passkey = added.json<{ id: string; name: string; createdAt: string }>();
    expect(passkey).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "Work phone",
      createdAt: api.clock.now.toISOString(),
    });
    expect(await api.db.selectFrom("staff_passkey_challenges").selectAll().execute()).toEqual([]);

    const listed = await list(api, cookie);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({
      items: [{ ...passkey, lastUsedAt: null, signedInWith: false }],
    });

    // The next registration excludes it: the authenticator refuses to make a second one.
    const again = await api.as(cookie).call(passkeysApi.registerOptions, { body: {} });
    const againOptions = again.json<PublicKeyCredentialCreationOptionsJSON>();
    expect(againOptions.excludeCredentials).toEqual([
      { id: credential.id, type: "public-key", transports: ["internal", "hybrid"] },
    ]);
    expect(() => authenticator.register(againOptions, STAFF_SITE)).toThrow(/InvalidStateError/);

    api.advance(MINUTE);
    const renamed = await api
      .as(cookie)
      .call(passkeysApi.rename, { params: { id: passkey.id }, body: { name: "Personal laptop" } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ...passkey, name: "Personal laptop", lastUsedAt: null });

    const out = await api.as(cookie).call(sessionApi.signOut);
    expect(out.statusCode).toBe(204);
    expect((await me(api, cookie)).statusCode).toBe(401);

    api.advance(MINUTE);
    const signInOpts = await signInOptions(api);
    expect(signInOpts).toMatchObject({
      rpId: "localhost",
      allowCredentials: [],
      userVerification: "preferred",
    });
    const res = await signInVerify(api, authenticator.signIn(signInOpts, STAFF_SITE));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: "ama@example.com", name: "ama", role: "admin" });
    const setCookie = String(res.headers["set-cookie"]);
    expect(setCookie).toMatch(
      /^staff_session=[\w-]{43}; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict$/,
    );
    const session = cookieOf(res);
    expect(answered(sessionApi.me, await me(api, session), 200)).toEqual({
      email: "ama@example.com",
      name: "ama",
      role: "admin",
      away: false,
    });
    expect((await list(api, session)).json()).toEqual({
      // Opened with this passkey: the console warns that removing it signs this browser out.
      items: [
        {
          ...passkey,
          name: "Personal laptop",
          lastUsedAt: api.clock.now.toISOString(),
          signedInWith: true,
        },
      ],
    });

    const audit = await auditOf(api, account.id);
    expect(audit.map((e) => [e.action, JSON.parse(e.detail).method])).toEqual([
      ["passkey.added", undefined],
      ["passkey.renamed", undefined],
      ["staff.sign-out", undefined],
      ["staff.sign-in", "passkey"],
    ]);
    expect(audit[0]).toMatchObject({ record_type: "staff_passkey", record_id: passkey.id });
    expect(JSON.parse(audit[3]?.detail ?? "{}")).toMatchObject({
      method: "passkey",
      passkey: passkey.id,
      client: expect.any(String),
    });
    // The names people give their passkeys stay out of the log that is never erased.
    const all = JSON.stringify(audit);
    expect(all).not.toContain("Work phone");
    expect(all).not.toContain("Personal laptop");
  });

  it("names a passkey by the day when no name is given, and refuses a bad name", async () => {
    api.clock.now = new Date("2026-11-23T10:00:00Z");
    const { cookie } = await signedInStaff(api, "kofi@example.com", "sales");
    const added = await register(api, cookie, new TestAuthenticator());
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ name: "Passkey added 23 Nov 2026" });

    const unnamed = await register(api, cookie, new TestAuthenticator(), { name: null });
    expect(unnamed.json()).toMatchObject({ name: "Passkey added 23 Nov 2026" });
    for (const name of ["", "   ", "\u200b", "a\u0000b", "x".repeat(61), 42, {}]) {
      const res = await register(api, cookie, new TestAuthenticator(), { name });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json()).toEqual({ error: expect.stringMatching(/^name: /) });
    }
    const { id } = added.json<{ id: string }>();
    for (const name of ["", "\u202egnp.exe", "y".repeat(61)]) {
      const res = await api.as(cookie).call(passkeysApi.rename, { params: { id }, body: { name } });
      expect(res.statusCode, name).toBe(400);
    }
  });

  it("lets people manage only their own passkeys", async () => {
    const ama = await signedInStaff(api, "ama@example.com", "sales");
    const kofi = await signedInStaff(api, "kofi@example.com", "sales");
    const amaKey = new TestAuthenticator();
    const added = await register(api, ama.cookie, amaKey, { name: "Ama's key" });
    const { id } = added.json<{ id: string }>();
    expect((await register(api, kofi.cookie, new TestAuthenticator())).statusCode).toBe(201);

    expect((await list(api, kofi.cookie)).json<{ items: unknown[] }>().items).toHaveLength(1);
    expect(JSON.stringify((await list(api, kofi.cookie)).json())).not.toContain(id);

    const kofis = api.as(kofi.cookie);
    for (const other of [
      id,
      "00000000-0000-0000-0000-000000000000",
      "not-an-id",
      "%00",
      "register",
    ]) {
      const params = { id: other };
      const rename = await kofis.call(passkeysApi.rename, { params, body: { name: "Mine now" } });
      expect(rename.statusCode, other).toBe(404);
      expect(rename.json()).toEqual({ error: "No such passkey" });
      expect((await kofis.call(passkeysApi.remove, { params })).statusCode, other).toBe(404);
    }
    expect((await list(api, ama.cookie)).json()).toMatchObject({
      items: [{ id, name: "Ama's key" }],
    });

    const removed = await api.as(ama.cookie).call(passkeysApi.remove, { params: { id } });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe("");
    expect((await api.as(ama.cookie).call(passkeysApi.remove, { params: { id } })).statusCode).toBe(
      404,
    );
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
    const remove = (cookie: string, id: string) =>
      api.as(cookie).call(passkeysApi.remove, { params: { id } });

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
