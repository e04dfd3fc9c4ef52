import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import type { EndpointSpec } from "../../../staff-api/endpoint";
import { passkeysApi } from "../../../staff-api/passkeys";
import { Me, sessionApi } from "../../../staff-api/session";
import { sqliteOnly } from "../../testing/lead-api";
import { createSession } from "./sessions";
import { TestAuthenticator } from "./authenticator.testing";
import { cookieOf } from "../../testing/staff-client";
import { answered, expectStrict } from "../../testing/checks";
import { STAFF_SITE, addStaff, mailedSignInToken, useStaffApi } from "../../testing/staff-api";

// Every answer of signing in, the session and passkeys, read back as the console reads it:
// parsed with its contract schema (staff-api/session.ts, passkeys.ts), whose objects are strict.
// The app under test also checks each answer before Fastify serialises it (checkAnswers).

const CROSS_SITE = "https://elsewhere.example";
/** A sign-in link's token that is well-formed but no link's. */
const UNKNOWN_TOKEN = "a".repeat(43);

/** Checks that `res` answered 204, which has no body (so the contract lists none). */
function answeredNothing(spec: EndpointSpec, res: LightMyRequestResponse) {
  expect(res.statusCode, `${spec.method} ${spec.path}: ${res.body}`).toBe(204);
  expect(spec.answers[204]).toBeUndefined();
  expect(res.body).toBe("");
}

describe.each(sqliteOnly)(
  "sign-in, sessions and passkeys match the contract on $name",
  ({ url }) => {
    const api = useStaffApi(url, {
      limits: {
        perEmail: { max: 3, windowMs: 60 * 60_000 },
        perClient: { max: 12, windowMs: 60 * 60_000 },
      },
    });
    /** Calls `spec` as the console would: JSON body, the site's Origin unless told otherwise. */
    const call = (
      spec: EndpointSpec,
      {
        id,
        body,
        cookie,
        origin,
      }: { id?: string; body?: unknown; cookie?: string; origin?: string } = {},
    ) =>
      (cookie ? api.as(cookie, { origin }) : api.signedOut({ origin })).call(spec, {
        params: id === undefined ? undefined : { id },
        body,
      });
    const mailedToken = (email: string) => mailedSignInToken(api, email);

    it("answers every route, success and refusal, exactly as the contract says", async () => {
      const account = await addStaff(api, "ama@example.com", "sales", "Ama Mensah");
      const { requestLink, verify, me, signOut, signOutEverywhere } = sessionApi;
      const { signInOptions, signInVerify, registerOptions, registerVerify, list, rename, remove } =
        passkeysApi;

      // Signing in by link.
      answered(requestLink, await call(requestLink, { body: { email: "ama@example.com" } }), 202);
      answered(requestLink, await call(requestLink, { body: { email: "not one" } }), 400);
      const byLink = await call(verify, { body: { token: await mailedToken("ama@example.com") } });
      expect(answered(verify, byLink, 200)).toEqual({
        email: "ama@example.com",
        name: "Ama Mensah",
        role: "sales",
      });
      const cookie = cookieOf(byLink);
      answered(verify, await call(verify, { body: { token: "<not a token>" } }), 400);
      answered(verify, await call(verify, { body: { token: UNKNOWN_TOKEN } }), 401);

      // Who is signed in.
      expect(answered(me, await call(me, { cookie }), 200).role).toBe("sales");
      answered(me, await call(me), 401);
      answered(me, await call(me, { cookie, origin: CROSS_SITE }), 403);

      // A passkey: registered, listed, renamed.
      const authenticator = new TestAuthenticator();
      const creation = await call(registerOptions, { body: {}, cookie });
      answered(registerOptions, creation, 200);
      answered(registerOptions, await call(registerOptions, { body: [] }), 401);
      answered(registerOptions, await call(registerOptions, { body: [], cookie }), 400);
      const credential = authenticator.register(creation.json(), STAFF_SITE);
      const added = await call(registerVerify, { body: { ...credential, name: "Phone" }, cookie });
      const passkey = answered(registerVerify, added, 201);
      const id = passkey && "id" in passkey ? passkey.id : "";
      answered(registerVerify, await call(registerVerify, { body: credential, cookie }), 400);
      answered(registerVerify, await call(registerVerify, { body: credential }), 401);
      // Excluding the passkey now held, its options list one credential to leave out.
      answered(registerOptions, await call(registerOptions, { body: {}, cookie }), 200);

      answered(list, await call(list, { cookie }), 200);
      answered(list, await call(list), 401);
      answered(rename, await call(rename, { id, body: { name: "Work phone" }, cookie }), 200);
      answered(rename, await call(rename, { id, body: { name: "" }, cookie }), 400);
      answered(rename, await call(rename, { id: "nope", body: { name: "A" }, cookie }), 404);
      answered(rename, await call(rename, { id, body: { name: "A" } }), 401);

      // Signing in with it; the list then says which passkey opened this session.
      const request = await call(signInOptions);
      answered(signInOptions, request, 200);
      answered(signInOptions, await call(signInOptions, { body: [] }), 400);
      const assertion = authenticator.signIn(request.json(), STAFF_SITE);
      const byPasskey = await call(signInVerify, { body: assertion });
      expect(answered(signInVerify, byPasskey, 200)).toEqual(z.parse(Me, byLink.json()));
      answered(signInVerify, await call(signInVerify, { body: assertion }), 401);
      answered(signInVerify, await call(signInVerify, { body: { id: "" } }), 400);
      const passkeyCookie = cookieOf(byPasskey);
      const listed = answered(list, await call(list, { cookie: passkeyCookie }), 200);
      expect(listed.items[0]?.signedInWith).toBe(true);

      // Removing it, and signing out.
      answered(remove, await call(remove, { id: "nope", cookie }), 404);
      answered(remove, await call(remove, { id, origin: CROSS_SITE, cookie }), 403);
      answeredNothing(remove, await call(remove, { id, cookie: passkeyCookie }));
      answered(remove, await call(remove, { id, cookie: passkeyCookie }), 401);
      answered(signOut, await call(signOut, { cookie, origin: CROSS_SITE }), 403);
      answeredNothing(signOut, await call(signOut, { cookie }));
      answered(signOut, await call(signOut, { cookie }), 401);
      answered(signOutEverywhere, await call(signOutEverywhere, { cookie }), 401);

      // The steps of signing in refuse a cross-site request like any other route…
      for (const spec of [requestLink, verify, signInOptions, signInVerify]) {
        answered(spec, await call(spec, { body: {}, origin: CROSS_SITE }), 403);
      }
      // …and, past the limits, answer 429 with Retry-After.
      const address = { email: "ama@example.com" };
      for (let i = 0; i < 3; i++) await call(requestLink, { body: address });
      const tooMany = await call(requestLink, { body: address });
      answered(requestLink, tooMany, 429);
      expect(Number(tooMany.headers["retry-after"])).toBeGreaterThan(0);
      let attempts = 0;
      while ((await call(signInOptions)).statusCode === 200 && attempts < 20) attempts += 1;
      answered(signInOptions, await call(signInOptions), 429);
      answered(verify, await call(verify, { body: { token: UNKNOWN_TOKEN } }), 429);
      answered(signInVerify, await call(signInVerify, { body: assertion }), 429);

      // Signing out everywhere, from a session made directly: this client has used up its
      // sign-in attempts.
      const { secret } = await createSession(api.db, account.id, api.clock.now);
      const again = `staff_session=${secret}`;
      answeredNothing(signOutEverywhere, await call(signOutEverywhere, { cookie: again }));
    });
  },
);

describe("the contract's `me`", () => {
  it("is strict: a field more or one missing is refused", () => {
    const me = { email: "ama@example.com", name: "Ama", role: "sales" };
    const { role: _, ...withoutRole } = me;
    expectStrict(Me, me, [{ ...me, accountId: "x" }, withoutRole]);
  });
});
