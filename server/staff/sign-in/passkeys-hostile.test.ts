import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { sqliteOnly } from "../../testing/lead-api";
import { TestAuthenticator } from "./authenticator.testing";
import { STAFF_SITE, signedInStaff, useStaffApi } from "../../testing/staff-api";
import { register, signInOptions, signInVerify } from "./passkeys.testing";
import { MINUTE } from "../../testing/records";
import { type EndpointSpec, pathOf } from "../../../staff-api/endpoint";
import { passkeysApi } from "../../../staff-api/passkeys";
import { unchecked } from "../../testing/staff-client";

describe.each(sqliteOnly)("staff passkeys on $name", ({ url }) => {
  const api = useStaffApi(url);

  it("answers 401 signed out, and checks Origin and content type on every write", async () => {
    const { cookie } = await signedInStaff(api, "ato@example.com", "sales");
    const added = await register(api, cookie, new TestAuthenticator());
    const { id } = added.json<{ id: string }>();
    const routes: [EndpointSpec, object?][] = [
      [passkeysApi.registerOptions, {}],
      [passkeysApi.registerVerify, {}],
      [passkeysApi.list],
      [passkeysApi.rename, { name: "x" }],
      [passkeysApi.remove],
    ];
    for (const [endpoint, payload] of routes) {
      const { method } = endpoint;
      const path = pathOf(endpoint, { id });
      for (const signedOut of [api.signedOut(), api.as("staff_session=nonsense")]) {
        const res = await signedOut.call(endpoint, { params: { id }, body: unchecked(payload) });
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
    for (const path of [passkeysApi.signInOptions.path, passkeysApi.signInVerify.path]) {
      const evil = await api.signedOut({ origin: "https://evil.test" }).send("POST", path, {});
      expect(evil.statusCode, path).toBe(403);
    }
    // A DELETE that announces JSON must send some; one without a body needs no type.
    const signedIn = api.as(cookie);
    const jsonDelete = await signedIn.raw("DELETE", pathOf(passkeysApi.remove, { id }), {
      contentType: "application/json",
    });
    expect(jsonDelete.statusCode).toBe(400);
    const emptyJson = await signedIn.raw("DELETE", pathOf(passkeysApi.remove, { id }), {
      contentType: "application/json",
      body: "{}",
    });
    expect(emptyJson.statusCode).toBe(204);

    // Methods an address does not take: 405 naming those it does (DELETE among them).
    const put = await api.signedOut().raw("PUT", passkeysApi.rename.path);
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toBe("PATCH, DELETE");
    const putList = await api.signedOut().raw("PUT", passkeysApi.list.path);
    expect(putList.headers.allow).toBe("GET");
    const get = await api.app.inject({ url: passkeysApi.signInVerify.path });
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe("POST");
  });

  it("answers malformed answers with 400 or 401, never 5xx", async () => {
    const { cookie } = await signedInStaff(api, "adjoa@example.com", "sales");
    const authenticator = new TestAuthenticator();
    expect((await register(api, cookie, authenticator)).statusCode).toBe(201);
    const good = authenticator.signIn(await signInOptions(api), STAFF_SITE);
    const goodRegistration = new TestAuthenticator().register(
      (await api.as(cookie).call(passkeysApi.registerOptions, { body: {} })).json(),
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
      const res = await api.as(cookie).call(passkeysApi.registerVerify, { body: unchecked(body) });
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
    // Bigger than any request body the server takes.
    const huge = await signInVerify(api, { ...good, id: "A".repeat(20_000) });
    expect(huge.statusCode).toBe(413);
    const badJson = await api.signedOut().raw("POST", passkeysApi.signInVerify.path, {
      contentType: "application/json",
      body: '{"id":',
    });
    expect(badJson.statusCode).toBe(400);
    // Options take no input; what is sent is ignored or refused, never a 5xx.
    const options = (body: unknown) =>
      api.signedOut().call(passkeysApi.signInOptions, { body: unchecked(body) });
    expect((await options({ x: 1 })).statusCode).toBe(200);
    expect((await options([1])).statusCode).toBe(400);
    // A tampered answer used its challenge up: the good one that shared it is refused now.
    expect((await signInVerify(api, good)).statusCode).toBe(401);
    const fresh = authenticator.signIn(await signInOptions(api), STAFF_SITE);
    expect((await signInVerify(api, fresh)).statusCode).toBe(200);
  });
});

describe.each(sqliteOnly)("passkey sign-in limits on $name", ({ url }) => {
  const api = useStaffApi(url, {
    limits: {
      perClient: { max: 3, windowMs: 15 * MINUTE },
      perEmail: { max: 5, windowMs: 15 * MINUTE },
    },
  });

  it("holds a client back after too many sign-in attempts, options and verifies alike", async () => {
    const options = (remoteAddress: string, app?: FastifyInstance) =>
      api.signedOut({ app, remoteAddress }).call(passkeysApi.signInOptions);
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
      .call(passkeysApi.signInVerify, {
        body: unchecked(stranger.signIn({ challenge: "Y2hhbGxlbmdl" }, STAFF_SITE)),
      });
    expect(verify.statusCode).toBe(429);
    // Another client is not held back; after the window, neither is this one.
    expect((await options("198.51.100.1")).statusCode).toBe(200);
    api.advance(15 * MINUTE);
    expect((await options("203.0.113.7")).statusCode).toBe(200);
  });
});
