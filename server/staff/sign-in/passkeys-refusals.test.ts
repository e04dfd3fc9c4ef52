import { describe, expect, it } from "vitest";
import { testDialects } from "../../testing/lead-api";
import { disableAccount } from "../accounts/accounts";
import { createSession } from "./sessions";
import { TestAuthenticator } from "./authenticator.testing";
import { STAFF_SITE, signedInStaff, useStaffApi } from "../../testing/staff-api";
import { register, signInOptions, signInVerify, auditOf } from "./passkeys.testing";
import { MINUTE } from "../../testing/records";
import { passkeysApi } from "../../../staff-api/passkeys";
import { unchecked } from "../../testing/staff-client";

describe.each(testDialects)("staff passkeys on $name", ({ url }) => {
  const api = useStaffApi(url);

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
    const made = await api.as(cookie).call(passkeysApi.registerOptions, { body: {} });
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
      (await api.as(c).call(passkeysApi.registerOptions, { body: {} })).json();
    const verify = (credential: unknown, c = cookie) =>
      api.as(c).call(passkeysApi.registerVerify, { body: unchecked(credential) });

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
});
