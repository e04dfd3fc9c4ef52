import { PassThrough } from "node:stream";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { addAccount } from "../accounts/accounts";
import { createSession } from "./sessions";
import { TestAuthenticator } from "./authenticator.testing";
import { cookieOf, staffClient, unchecked } from "../../testing/staff-client";
import {
  recordingTransport,
  testConfig,
  testDatabase,
  sqliteOnly,
  testOutbox,
} from "../../testing/lead-api";
import { sessionApi } from "../../../staff-api/session";
import { passkeysApi } from "../../../staff-api/passkeys";

const SITE = "https://site.test";
/** A client of `app`, on the site, sending the session `secret` when given. */
const clientOf = (app: FastifyInstance, secret?: string) =>
  staffClient(() => app, secret && `__Host-staff_session=${secret}`, { origin: SITE });

describe.each(sqliteOnly)("staff sign-in on $name", ({ url }) => {
  it("logs no token, session secret or full address, even when the database fails", async () => {
    const logs = new PassThrough();
    let output = "";
    logs.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const db = await testDatabase(url);
    const transport = recordingTransport();
    const outbox = testOutbox(db, transport);
    const app = await buildApp({
      config: testConfig({ logLevel: "info", publicUrl: SITE }),
      db,
      outbox,
      logStream: logs,
      staff: { limits: null, signInAnswerMs: 0 },
    });
    await addAccount(db, { email: "ama.mensah@example.com", role: "sales" }, { via: "test" });
    const visitor = clientOf(app);
    const request = () =>
      visitor.call(sessionApi.requestLink, { body: { email: "ama.mensah@example.com" } });
    expect((await request()).statusCode).toBe(202);
    await outbox.runOnce();
    const token = /token=([\w-]+)/.exec(transport.sent[0]?.text ?? "")?.[1] ?? "";
    expect(token).toHaveLength(43);
    // A scanner opening the link, a button pressed twice.
    await app.inject({ url: `${sessionApi.verify.path}?token=${token}` });
    const verified = await visitor.call(sessionApi.verify, { body: { token } });
    expect(verified.statusCode).toBe(200);
    // Over HTTPS the cookie is __Host- and Secure.
    const setCookie = String(verified.headers["set-cookie"]);
    expect(setCookie).toMatch(/^__Host-staff_session=[\w-]{43}; Path=\/; .*; Secure$/);
    const cookie = cookieOf(verified);
    const member = staffClient(() => app, cookie, { origin: SITE });
    const me = await member.call(sessionApi.me);
    expect(me.statusCode).toBe(200);
    expect((await visitor.call(sessionApi.verify, { body: { token } })).statusCode).toBe(401);
    await db.destroy(); // the database goes away
    const down = await request();
    expect(down.statusCode).toBe(503);
    expect(down.headers["retry-after"]).toBe("60");
    const meDown = await member.call(sessionApi.me);
    expect(meDown.statusCode).toBe(503);
    expect(meDown.headers["retry-after"]).toBe("60");
    await app.close();

    expect(output).toContain(sessionApi.verify.path);
    expect(output).toContain("***@example.com");
    for (const secret of [token, cookie.split("=")[1] ?? "", "ama.mensah@example.com"]) {
      expect(output.includes(secret), "a secret in the log").toBe(false);
    }
  });

  it("answers a request for a link after the same minimum time, account or not", async () => {
    const db = await testDatabase(url);
    const app = await buildApp({
      config: testConfig({ publicUrl: SITE }),
      db,
      outbox: testOutbox(db),
      staff: { limits: null, signInAnswerMs: 150 },
    });
    await addAccount(db, { email: "esi@example.com", role: "admin" }, { via: "test" });
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await clientOf(app).call(sessionApi.requestLink, { body: { email } });
      expect(res.statusCode).toBe(202);
      return performance.now() - started;
    };
    for (const email of ["esi@example.com", "nobody@example.com"]) {
      const took = await timed(email);
      expect(took, email).toBeGreaterThanOrEqual(145);
      // A floor, not a delay added to the work: a gross mistake (seconds for milliseconds) shows;
      // a busy machine's slower answer does not.
      expect(took, email).toBeLessThan(5_000);
    }
    await app.close();
    await db.destroy();
  });

  it("logs why a passkey was refused, but no challenge, session secret or address", async () => {
    const logs = new PassThrough();
    let output = "";
    logs.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const db = await testDatabase(url);
    const app = await buildApp({
      config: testConfig({ logLevel: "info", publicUrl: SITE }),
      db,
      outbox: testOutbox(db),
      logStream: logs,
      staff: { limits: null, signInAnswerMs: 0 },
    });
    const { account } = await addAccount(
      db,
      { email: "kofi.boateng@example.com", role: "sales" },
      { via: "test" },
    );
    const { secret } = await createSession(db, account.id, new Date());
    const authenticator = new TestAuthenticator();
    const signedIn = clientOf(app, secret);
    const creation = await signedIn.call(passkeysApi.registerOptions, { body: {} });
    const registered = await signedIn.call(passkeysApi.registerVerify, {
      body: unchecked(authenticator.register(creation.json(), SITE)),
    });
    expect(registered.statusCode).toBe(201);

    const challenges: string[] = [];
    const signInWith = async (tampering = {}) => {
      const visitor = clientOf(app);
      const options = (await visitor.call(passkeysApi.signInOptions, { body: {} })).json<{
        challenge: string;
      }>();
      challenges.push(options.challenge);
      return visitor.call(passkeysApi.signInVerify, {
        body: unchecked(authenticator.signIn(options, SITE, tampering)),
      });
    };
    expect((await signInWith({ origin: "https://evil.test" })).statusCode).toBe(401);
    expect((await signInWith({ challenge: "c29tZXRoaW5nIGVsc2U" })).statusCode).toBe(401);
    const ok = await signInWith();
    expect(ok.statusCode).toBe(200);
    const session = String(ok.headers["set-cookie"]).split(";")[0]?.split("=")[1] ?? "";
    await app.close();
    await db.destroy();

    expect(output).toContain('"reason":"not-verified"');
    expect(output).toContain('"reason":"challenge"');
    for (const value of [...challenges, "c29tZXRoaW5nIGVsc2U", secret, session]) {
      expect(output.includes(value), `${value} in the log`).toBe(false);
    }
    expect(output).not.toContain("kofi.boateng@example.com");
  });
});
