import type { FastifyInstance } from "fastify";
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { describe, expect, it } from "vitest";
import { withId } from "../../../common/paths";
import { testDialects } from "../../testing";
import { disableAccount } from "../admin/accounts";
import { defaultPasskeyName, relyingPartyOf } from "./passkeys";
import { staffApiPaths } from "../paths";
import { createSession } from "./sessions";
import { TestAuthenticator } from "./testing-authenticator";
import { cookieOf } from "../test-requests";
import { STAFF_SITE, type StaffApi, signedInStaff, useStaffApi } from "../testing";
import { hashSecret } from "./tokens";

const MINUTE = 60_000;
const passkeyPath = (id: string) => withId(staffApiPaths.passkey, id);

/** The whole registration: options, the authenticator, verify. */
async function register(
  api: StaffApi,
  cookie: string,
  authenticator: TestAuthenticator,
  extra: Record<string, unknown> = {},
) {
  const staff = api.as(cookie);
  const options = await staff.send("POST", staffApiPaths.passkeyRegisterOptions, {});
  expect(options.statusCode).toBe(200);
  const credential = authenticator.register(
    options.json<PublicKeyCredentialCreationOptionsJSON>(),
    STAFF_SITE,
  );
  return staff.send("POST", staffApiPaths.passkeyRegisterVerify, { ...credential, ...extra });
}

async function signInOptions(api: StaffApi, app?: FastifyInstance) {
  const res = await api.signedOut({ app }).send("POST", staffApiPaths.passkeySignInOptions);
  expect(res.statusCode).toBe(200);
  return res.json<PublicKeyCredentialRequestOptionsJSON>();
}

const signInVerify = (api: StaffApi, assertion: unknown, app?: FastifyInstance) =>
  api.signedOut({ app }).send("POST", staffApiPaths.passkeySignInVerify, assertion);

const me = (api: StaffApi, cookie: string) => api.as(cookie).get(staffApiPaths.me);

const list = (api: StaffApi, cookie: string) => api.as(cookie).get(staffApiPaths.passkeys);

const auditOf = (api: StaffApi, accountId: string) =>
  api.db
    .selectFrom("audit_log")
    .select(["action", "record_type", "record_id", "detail"])
    .where("actor_id", "=", accountId)
    .orderBy("at")
    .execute();

describe("relying party", () => {
  it("is the host of the public address, its origin, and the company's name", () => {
    expect(relyingPartyOf("https://www.akwaabapay.com.gh")).toEqual({
      id: "www.akwaabapay.com.gh",
      name: "Akwaaba Pay",
      origin: "https://www.akwaabapay.com.gh",
    });
    expect(relyingPartyOf(STAFF_SITE)).toMatchObject({
      id: "localhost",
      origin: "http://localhost:3000",
    });
  });

  it("names an unnamed passkey after the day it was added", () => {
    expect(defaultPasskeyName(new Date("2026-11-23T23:59:00Z"))).toBe("Passkey added 23 Nov 2026");
    expect(defaultPasskeyName(new Date("2027-09-01T00:00:00Z"))).toBe("Passkey added 1 Sep 2027");
  });
});

describe.each(testDialects)("staff passkeys on $name", ({ url }) => {
  const api = useStaffApi(url);

  it("registers, lists, renames, and signs in with a passkey after signing out", async () => {
    const { account, cookie } = await signedInStaff(api, "ama@example.com", "admin");
    const authenticator = new TestAuthenticator();

    const optionsRes = await api.as(cookie).send("POST", staffApiPaths.passkeyRegisterOptions, {});
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
    const added = await api
      .as(cookie)
      .send("POST", staffApiPaths.passkeyRegisterVerify, { ...credential, name: "  Work phone " });
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
    const again = await api.as(cookie).send("POST", staffApiPaths.passkeyRegisterOptions, {});
    const againOptions = again.json<PublicKeyCredentialCreationOptionsJSON>();
    expect(againOptions.excludeCredentials).toEqual([
      { id: credential.id, type: "public-key", transports: ["internal", "hybrid"] },
    ]);
    expect(() => authenticator.register(againOptions, STAFF_SITE)).toThrow(/InvalidStateError/);

    api.advance(MINUTE);
    const renamed = await api
      .as(cookie)
      .send("PATCH", passkeyPath(passkey.id), { name: "Personal laptop" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ...passkey, name: "Personal laptop", lastUsedAt: null });

    const out = await api.as(cookie).send("POST", staffApiPaths.signOut, undefined);
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
    const who = await me(api, session);
    expect(who.statusCode).toBe(200);
    expect(who.json()).toEqual({ email: "ama@example.com", name: "ama", role: "admin" });
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
      const res = await api.as(cookie).send("PATCH", passkeyPath(id), { name });
      expect(res.statusCode, name).toBe(400);
    }
  });

  it("refuses a replayed answer, an expired challenge, and counts a security key's uses", async () => {
    const { account, cookie } = await signedInStaff(api, "esi@example.com", "sales");
    const key = new TestAuthenticator({ counting: true });
    expect((await register(api, cookie, key)).statusCode).toBe(201);

    const options = await signInOptions(api);
    const assertion = key.signIn(options, STAFF_SITE);
    expect((await signInVerify(api, assertion)).statusCode).toBe(200);
    const replayed = await signInVerify(api, assertion);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual({ error: "This passkey cannot be used to sign in." });
    const stored = await api.db
      .selectFrom("staff_passkeys")
      .select("counter")
      .executeTakeFirstOrThrow();
    expect(Number(stored.counter)).toBe(1);

    // The same challenge signed again (a fresh signature, a higher counter): still used up.
    expect((await signInVerify(api, key.signIn(options, STAFF_SITE))).statusCode).toBe(401);
    // An answer that goes back in the counter: a cloned authenticator.
    const clonedOptions = await signInOptions(api);
    const passkey = key.passkeys[0];
    if (!passkey) throw new Error("no passkey");
    passkey.counter = 0;
    expect((await signInVerify(api, key.signIn(clonedOptions, STAFF_SITE))).statusCode).toBe(401);
    passkey.counter = 10;
    const counted = await signInVerify(api, key.signIn(await signInOptions(api), STAFF_SITE));
    expect(counted.statusCode).toBe(200);

    // Five minutes on, a challenge is refused, and the next options clean it away.
    const late = await signInOptions(api);
    api.advance(5 * MINUTE);
    expect((await signInVerify(api, key.signIn(late, STAFF_SITE))).statusCode).toBe(401);
    await signInOptions(api);
    const left = await api.db.selectFrom("staff_passkey_challenges").select("expires_at").execute();
    expect(left).toHaveLength(1);
    expect(left[0]?.expires_at).toBe(new Date(api.clock.now.getTime() + 5 * MINUTE).toISOString());

    const reasons = (await auditOf(api, account.id))
      .filter((e) => e.action === "staff.sign-in-failed")
      .map((e) => JSON.parse(e.detail).reason);
    expect(reasons).toEqual(["challenge", "challenge", "not-verified", "challenge"]);
  });

  it("lets exactly one of concurrent verifies of one answer sign in", async () => {
    const { cookie } = await signedInStaff(api, "yaw@example.com", "sales");
    const authenticator = new TestAuthenticator();
    expect((await register(api, cookie, authenticator)).statusCode).toBe(201);
    const second = await api.anotherInstance();
    for (let round = 0; round < 3; round++) {
      // Options from one instance, answers to both.
      const assertion = authenticator.signIn(await signInOptions(api, second), STAFF_SITE);
      const answers = await Promise.all([
        signInVerify(api, assertion),
        signInVerify(api, assertion, second),
        signInVerify(api, assertion),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401]);
    }
  });

  it("refuses unknown passkeys, disabled accounts, other origins and other users alike", async () => {
    const { account, cookie } = await signedInStaff(api, "abena@example.com", "sales");
    const authenticator = new TestAuthenticator();
    expect((await register(api, cookie, authenticator)).statusCode).toBe(201);

    // A passkey made for this site but never registered here.
    const stranger = new TestAuthenticator();
    const made = await api.as(cookie).send("POST", staffApiPaths.passkeyRegisterOptions, {});
    stranger.register(made.json(), STAFF_SITE);
    const unknown = await signInVerify(api, stranger.signIn(await signInOptions(api), STAFF_SITE));
    expect(unknown.statusCode).toBe(401);
    const message = unknown.json();

    // Signed for another site, or as a registration.
    for (const tampering of [
      { origin: "https://evil.test" },
      { origin: "http://localhost:3001" },
      { type: "webauthn.create" },
    ]) {
      const res = await signInVerify(
        api,
        authenticator.signIn(await signInOptions(api), STAFF_SITE, tampering),
      );
      expect(res.statusCode, JSON.stringify(tampering)).toBe(401);
      expect(res.json()).toEqual(message);
    }

    // A user handle that is not the passkey's account.
    const options = await signInOptions(api);
    const other = authenticator.signIn(options, STAFF_SITE);
    other.response.userHandle = Buffer.from("someone-else").toString("base64url");
    expect((await signInVerify(api, other)).statusCode).toBe(401);

    // A disabled account's passkeys are of no use.
    await disableAccount(api.db, "abena@example.com", { via: "test", now: api.clock.now });
    const disabled = await signInVerify(
      api,
      authenticator.signIn(await signInOptions(api), STAFF_SITE),
    );
    expect(disabled.statusCode).toBe(401);
    expect(disabled.json()).toEqual(message);
    expect(disabled.headers["set-cookie"]).toBeUndefined();

    const reasons = (await auditOf(api, account.id))
      .filter((e) => e.action === "staff.sign-in-failed")
      .map((e) => JSON.parse(e.detail).reason);
    expect(reasons).toEqual([
      "not-verified",
      "not-verified",
      "malformed",
      "wrong-user",
      "account-disabled",
    ]);
    const anonymous = await api.db
      .selectFrom("audit_log")
      .select("detail")
      .where("action", "=", "staff.sign-in-failed")
      .where("actor_id", "is", null)
      .execute();
    expect(anonymous.map((e) => JSON.parse(e.detail))).toContainEqual(
      expect.objectContaining({ method: "passkey", reason: "unknown-credential" }),
    );
    const sessions = await api.db
      .selectFrom("staff_sessions")
      .select("id")
      .where("account_id", "=", account.id)
      .execute();
    expect(sessions).toHaveLength(1); // the one the test made, revoked by the disable
  });

  it("refuses a registration answered for another origin, session or challenge", async () => {
    const { account, cookie } = await signedInStaff(api, "kwame@example.com", "sales");
    const authenticator = new TestAuthenticator();
    const options = async (c = cookie) =>
      (await api.as(c).send("POST", staffApiPaths.passkeyRegisterOptions, {})).json();
    const verify = (credential: unknown, c = cookie) =>
      api.as(c).send("POST", staffApiPaths.passkeyRegisterVerify, credential);

    const wrongOrigin = await verify(
      authenticator.register(await options(), STAFF_SITE, { origin: "https://evil.test" }),
    );
    expect(wrongOrigin.statusCode).toBe(400);
    expect(wrongOrigin.json()).toEqual({
      error: "This passkey could not be verified. Please try again.",
    });

    // Options asked for in one browser, answered from another of the same person.
    const { secret } = await createSession(api.db, account.id, api.clock.now);
    const otherBrowser = `staff_session=${secret}`;
    const crossed = await verify(authenticator.register(await options(), STAFF_SITE), otherBrowser);
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json()).toEqual({
      error: "This passkey request has expired or was already used. Please start again.",
    });

    // Asking again replaces the session's pending registration: the first answer is too late.
    const first = authenticator.register(await options(), STAFF_SITE);
    const second = new TestAuthenticator().register(await options(), STAFF_SITE);
    expect((await verify(first)).statusCode).toBe(400);
    expect(await api.db.selectFrom("staff_passkey_challenges").select("purpose").execute()).toEqual(
      [{ purpose: "registration" }],
    );
    expect((await verify(second)).statusCode).toBe(201);
    expect(await api.db.selectFrom("staff_passkey_challenges").select("purpose").execute()).toEqual(
      [],
    );

    // The same answer twice, and one too late.
    const credential = authenticator.register(await options(), STAFF_SITE);
    expect((await verify(credential)).statusCode).toBe(201);
    const twice = await verify(credential);
    expect(twice.statusCode).toBe(400);
    const late = new TestAuthenticator().register(await options(), STAFF_SITE);
    api.advance(5 * MINUTE + 1);
    expect((await verify(late)).statusCode).toBe(400);

    // The same credential cannot be registered twice, by anyone.
    const { cookie: colleague } = await signedInStaff(api, "efua@example.com", "sales");
    const mine = authenticator.passkeys.at(-1);
    const copied = authenticator.register(await options(colleague), STAFF_SITE, { reuse: mine });
    const duplicate = await verify(copied, colleague);
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toEqual({ error: "This passkey is already registered." });
    const again = authenticator.register(await options(), STAFF_SITE, { reuse: mine });
    expect((await verify(again)).statusCode).toBe(400);

    const rows = await api.db.selectFrom("staff_passkeys").select("account_id").execute();
    expect(rows).toEqual([{ account_id: account.id }, { account_id: account.id }]);
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

  it("answers 401 signed out, and checks Origin and content type on every write", async () => {
    const { cookie } = await signedInStaff(api, "ato@example.com", "sales");
    const added = await register(api, cookie, new TestAuthenticator());
    const { id } = added.json<{ id: string }>();
    const routes: ["GET" | "POST" | "PATCH" | "DELETE", string, object?][] = [
      ["POST", staffApiPaths.passkeyRegisterOptions, {}],
      ["POST", staffApiPaths.passkeyRegisterVerify, {}],
      ["GET", staffApiPaths.passkeys],
      ["PATCH", passkeyPath(id), { name: "x" }],
      ["DELETE", passkeyPath(id)],
    ];
    for (const [method, path, payload] of routes) {
      for (const signedOut of [api.signedOut(), api.as("staff_session=nonsense")]) {
        const res = await signedOut.send(method, path, payload);
        expect(res.statusCode, `${method} ${path}`).toBe(401);
        expect(res.json()).toEqual({ error: "Not signed in" });
      }
      if (method === "GET") continue;
      const evil = await api
        .as(cookie, { origin: "https://evil.test" })
        .send(method, path, payload);
      expect(evil.statusCode, `${method} ${path} cross-origin`).toBe(403);
      const notJson = await api.as(cookie).raw(method, path, {
        contentType: "application/x-www-form-urlencoded",
        body: "name=x",
      });
      expect(notJson.statusCode, `${method} ${path} form`).toBe(415);
    }
    for (const path of [staffApiPaths.passkeySignInOptions, staffApiPaths.passkeySignInVerify]) {
      const evil = await api.signedOut({ origin: "https://evil.test" }).send("POST", path, {});
      expect(evil.statusCode, path).toBe(403);
    }
    // A DELETE that announces JSON must send some; one without a body needs no type.
    const signedIn = api.as(cookie);
    const jsonDelete = await signedIn.raw("DELETE", passkeyPath(id), {
      contentType: "application/json",
    });
    expect(jsonDelete.statusCode).toBe(400);
    const emptyJson = await signedIn.raw("DELETE", passkeyPath(id), {
      contentType: "application/json",
      body: "{}",
    });
    expect(emptyJson.statusCode).toBe(204);

    // Methods an address does not take: 405 naming those it does (DELETE among them).
    const put = await api.signedOut().raw("PUT", staffApiPaths.passkey);
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toBe("PATCH, DELETE");
    const putList = await api.signedOut().raw("PUT", staffApiPaths.passkeys);
    expect(putList.headers.allow).toBe("GET");
    const get = await api.app.inject({ url: staffApiPaths.passkeySignInVerify });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe("POST");
  });

  it("answers malformed answers with 400 or 401, never 5xx", async () => {
    const { cookie } = await signedInStaff(api, "adjoa@example.com", "sales");
    const authenticator = new TestAuthenticator();
    expect((await register(api, cookie, authenticator)).statusCode).toBe(201);
    const good = authenticator.signIn(await signInOptions(api), STAFF_SITE);
    const goodRegistration = new TestAuthenticator().register(
      (await api.as(cookie).send("POST", staffApiPaths.passkeyRegisterOptions, {})).json(),
      STAFF_SITE,
    );
    const garbage = Buffer.from("not what it should be").toString("base64url");
    const signInCases: unknown[] = [
      {},
      null,
      [],
      "passkey",
      42,
      { ...good, id: 5 },
      { ...good, type: "password" },
      { ...good, id: "not base64url!" },
      { ...good, id: "A".repeat(5000) },
      { ...good, rawId: "B".repeat(40) },
      { ...good, response: {} },
      { ...good, response: { ...good.response, clientDataJSON: garbage } },
      { ...good, response: { ...good.response, authenticatorData: garbage } },
      { ...good, response: { ...good.response, signature: garbage } },
      { ...good, response: { ...good.response, signature: "A".repeat(1999) } },
      { ...good, response: { ...good.response, clientDataJSON: "e30" } },
      ...[123, null, { a: 1 }, ["x"], "x".repeat(2000)].map((challenge) => ({
        ...good,
        response: {
          ...good.response,
          clientDataJSON: Buffer.from(
            JSON.stringify({ type: "webauthn.get", challenge, origin: STAFF_SITE }),
          ).toString("base64url"),
        },
      })),
      { ...good, response: { ...good.response, userHandle: "%%%" } },
      { ...good, clientExtensionResults: "yes" },
      { ...good, __proto__: { admin: true } },
    ];
    for (const body of signInCases) {
      const res = await signInVerify(api, body);
      expect([400, 401], JSON.stringify(body).slice(0, 80)).toContain(res.statusCode);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
    const registrationCases: unknown[] = [
      {},
      null,
      [1, 2],
      { ...goodRegistration, response: { ...goodRegistration.response, attestationObject: "" } },
      {
        ...goodRegistration,
        response: { ...goodRegistration.response, attestationObject: garbage },
      },
      { ...goodRegistration, response: { ...goodRegistration.response, clientDataJSON: garbage } },
      { ...goodRegistration, response: { ...goodRegistration.response, transports: "usb" } },
      { ...goodRegistration, rawId: "Zm9v" },
      {
        ...goodRegistration,
        response: {
          ...goodRegistration.response,
          clientDataJSON: Buffer.from(
            JSON.stringify({ type: "webauthn.create", challenge: 7, origin: STAFF_SITE }),
          ).toString("base64url"),
        },
      },
      { ...goodRegistration, name: "n".repeat(10_000) },
    ];
    for (const body of registrationCases) {
      const res = await api.as(cookie).send("POST", staffApiPaths.passkeyRegisterVerify, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
    // Bigger than any request body the server takes.
    const huge = await signInVerify(api, { ...good, id: "A".repeat(20_000) });
    expect(huge.statusCode).toBe(413);
    const badJson = await api.signedOut().raw("POST", staffApiPaths.passkeySignInVerify, {
      contentType: "application/json",
      body: '{"id":',
    });
    expect(badJson.statusCode).toBe(400);
    // Options take no input; what is sent is ignored or refused, never a 5xx.
    const options = (body: unknown) =>
      api.signedOut().send("POST", staffApiPaths.passkeySignInOptions, body);
    expect((await options({ x: 1 })).statusCode).toBe(200);
    expect((await options([1])).statusCode).toBe(400);
    // A tampered answer used its challenge up: the good one that shared it is refused now.
    expect((await signInVerify(api, good)).statusCode).toBe(401);
    const fresh = authenticator.signIn(await signInOptions(api), STAFF_SITE);
    expect((await signInVerify(api, fresh)).statusCode).toBe(200);
  });
});

describe.each(testDialects)("passkey sign-in limits on $name", ({ url }) => {
  const api = useStaffApi(url, {
    limits: {
      perClient: { max: 3, windowMs: 15 * MINUTE },
      perEmail: { max: 5, windowMs: 15 * MINUTE },
    },
  });

  it("holds a client back after too many sign-in attempts, options and verifies alike", async () => {
    const options = (remoteAddress: string, app?: FastifyInstance) =>
      api.signedOut({ app, remoteAddress }).send("POST", staffApiPaths.passkeySignInOptions);
    for (let i = 0; i < 3; i++) {
      expect((await options("203.0.113.7")).statusCode).toBe(200);
    }
    const refused = await options("203.0.113.7");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ error: "Too many attempts. Please wait and try again." });
    // The counter is in the database: another instance refuses too.
    const second = await api.anotherInstance();
    expect((await options("203.0.113.7", second)).statusCode).toBe(429);
    // Verifies count too: a well-formed answer (of a passkey the site never saw) is not even read.
    const stranger = new TestAuthenticator();
    stranger.register(
      {
        rp: { id: "localhost", name: "Akwaaba Pay" },
        user: { id: "dXNlcg", name: "", displayName: "" },
        challenge: "Y2hhbGxlbmdl",
        pubKeyCredParams: [],
      },
      STAFF_SITE,
    );
    const verify = await api
      .signedOut({ app: second, remoteAddress: "203.0.113.7" })
      .send(
        "POST",
        staffApiPaths.passkeySignInVerify,
        stranger.signIn({ challenge: "Y2hhbGxlbmdl" }, STAFF_SITE),
      );
    expect(verify.statusCode).toBe(429);
    // Another client is not held back; after the window, neither is this one.
    expect((await options("198.51.100.1")).statusCode).toBe(200);
    api.advance(15 * MINUTE);
    expect((await options("203.0.113.7")).statusCode).toBe(200);
  });
});
